CREATE TABLE `retention_notices` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`warned_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `users` ADD `last_seen_at` integer;--> statement-breakpoint
-- Backfill (docs/decisions/0098): an account's last sign of life so far is its last login, or its latest
-- session's last renewal (a session lives 30 days from it), else its creation.
UPDATE `users` SET `last_seen_at` = max(
	coalesce(`last_login_at`, `created_at`),
	coalesce((SELECT max(`expires_at`) - 2592000000 FROM `sessions` WHERE `sessions`.`user_id` = `users`.`id`), 0)
);
