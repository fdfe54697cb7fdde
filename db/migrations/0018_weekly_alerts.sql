CREATE TABLE `weekly_alerts` (
	`teacher_id` integer NOT NULL,
	`week` text NOT NULL,
	`slots_count` integer NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`teacher_id`, `week`),
	FOREIGN KEY (`teacher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
