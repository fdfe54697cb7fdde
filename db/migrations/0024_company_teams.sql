CREATE TABLE `company_join_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone` text,
	`password_hash` text NOT NULL,
	`password_sealed` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`answered_at` integer,
	`accepted` integer,
	`answered_by` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `company_join_requests_company_idx` ON `company_join_requests` (`company_id`,`answered_at`);--> statement-breakpoint
CREATE TABLE `recruiter_invitations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recruiter_invitations_token_idx` ON `recruiter_invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `recruiter_invitations_company_email_idx` ON `recruiter_invitations` (`company_id`,`email`);--> statement-breakpoint
ALTER TABLE `users` ADD `team_role` text;--> statement-breakpoint
ALTER TABLE `users` ADD `last_login_at` integer;--> statement-breakpoint
-- Backfill (docs/decisions/0049): each company's earliest recruiter is its admin, any others members.
UPDATE `users` SET `team_role` = CASE
  WHEN `id` = (
    SELECT `u2`.`id` FROM `users` `u2`
    WHERE `u2`.`kind` = 'recruiter' AND `u2`.`company_id` = `users`.`company_id`
    ORDER BY `u2`.`created_at`, `u2`.`id` LIMIT 1
  ) THEN 'admin' ELSE 'member' END
WHERE `kind` = 'recruiter' AND `company_id` IS NOT NULL;
