CREATE TABLE `feedback_invitations` (
	`meeting_id` integer PRIMARY KEY NOT NULL,
	`invited_at` integer NOT NULL,
	`reminded_at` integer,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `meetings` ADD `absent_at` integer;--> statement-breakpoint
ALTER TABLE `meetings` ADD `absent_marked_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `transport_requests` ADD `departure_zipcode` text;--> statement-breakpoint
ALTER TABLE `transport_requests` ADD `departure_city` text;--> statement-breakpoint
ALTER TABLE `transport_requests` ADD `departure_department_code` text;--> statement-breakpoint
ALTER TABLE `transport_requests` ADD `cancelled_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `transport_requests_open_idx` ON `transport_requests` (`meeting_id`) WHERE "transport_requests"."status" IN ('pending', 'accepted');