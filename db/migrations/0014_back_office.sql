CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` integer,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`target` text NOT NULL,
	`subject_kind` text,
	`subject_id` integer,
	`region_code` text,
	`details` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `audit_log_subject_idx` ON `audit_log` (`subject_kind`,`subject_id`);--> statement-breakpoint
CREATE TABLE `search_misses` (
	`day` text NOT NULL,
	`department_code` text NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `department_code`)
);
--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_faq_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`audience` text DEFAULT 'visitor' NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_faq_entries`("id", "audience", "question", "answer", "position", "created_at") SELECT "id", "audience", "question", "answer", "position", "created_at" FROM `faq_entries`;--> statement-breakpoint
DROP TABLE `faq_entries`;--> statement-breakpoint
ALTER TABLE `__new_faq_entries` RENAME TO `faq_entries`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `faq_entries_audience_idx` ON `faq_entries` (`audience`,`position`);--> statement-breakpoint
ALTER TABLE `users` ADD `operator_region` text;--> statement-breakpoint
ALTER TABLE `articles` ADD `updated_at` integer;--> statement-breakpoint
-- Hand-written: the FAQ's audiences are visitor, teacher and company (issue 13); 'all' entries were the visitors'.
UPDATE `faq_entries` SET `audience` = 'visitor' WHERE `audience` = 'all';--> statement-breakpoint
-- Hand-written: an article written before updated_at was last saved when it was created or, later, published.
UPDATE `articles` SET `updated_at` = max(`created_at`, coalesce(`published_at`, `created_at`));
