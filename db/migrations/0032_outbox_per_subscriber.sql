ALTER TABLE `outbox` ADD `subscriber` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `last_attempt_at` integer;--> statement-breakpoint
CREATE INDEX `outbox_status_due_idx` ON `outbox` (`status`,`next_attempt_at`);