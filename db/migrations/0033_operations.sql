CREATE TABLE `job_runs` (
	`name` text PRIMARY KEY NOT NULL,
	`last_started_at` integer NOT NULL,
	`last_finished_at` integer,
	`last_outcome` text,
	`last_error` text
);
--> statement-breakpoint
CREATE TABLE `operation_alarms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sent_at` integer NOT NULL,
	`reasons` text NOT NULL
);
