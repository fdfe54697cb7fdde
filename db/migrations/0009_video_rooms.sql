CREATE TABLE `video_room_members` (
	`slot_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`waiting_since` integer,
	`last_seen_at` integer NOT NULL,
	`on_stage` integer DEFAULT false NOT NULL,
	`removed_at` integer,
	`removed_by` integer,
	PRIMARY KEY(`slot_id`, `user_id`),
	FOREIGN KEY (`slot_id`) REFERENCES `slots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`removed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `video_room_members_user_idx` ON `video_room_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `video_rooms` (
	`slot_id` integer PRIMARY KEY NOT NULL,
	`opened_at` integer,
	`opened_by` integer,
	`ended_at` integer,
	`ended_by` integer,
	FOREIGN KEY (`slot_id`) REFERENCES `slots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`opened_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`ended_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
