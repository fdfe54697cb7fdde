CREATE TABLE `waitlist_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slot_id` integer NOT NULL,
	`teacher_id` integer NOT NULL,
	`group_size` integer NOT NULL,
	`public_category` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`offered_at` integer,
	`offer_expires_at` integer,
	`meeting_id` integer,
	`closed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`slot_id`) REFERENCES `slots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`teacher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_entries_open_idx` ON `waitlist_entries` (`slot_id`,`teacher_id`) WHERE "waitlist_entries"."status" IN ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX `waitlist_entries_line_idx` ON `waitlist_entries` (`slot_id`,`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_offers_idx` ON `waitlist_entries` (`status`,`offer_expires_at`);--> statement-breakpoint
CREATE INDEX `waitlist_entries_teacher_idx` ON `waitlist_entries` (`teacher_id`,`status`);--> statement-breakpoint
ALTER TABLE `slots` ADD `seats_held` integer DEFAULT 0 NOT NULL;