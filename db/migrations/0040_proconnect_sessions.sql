CREATE TABLE `proconnect_sessions` (
	`session_id` text PRIMARY KEY NOT NULL,
	`id_token_sealed` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
