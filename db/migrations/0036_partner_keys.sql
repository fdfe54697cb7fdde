CREATE TABLE `partner_keys` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`contact_email` text NOT NULL,
	`scopes` text NOT NULL,
	`region_codes` text NOT NULL,
	`secret_hash` text NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_used_at` integer,
	`revoked_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partner_keys_secret_idx` ON `partner_keys` (`secret_hash`);