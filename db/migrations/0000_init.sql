CREATE TABLE `articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer,
	`title` text NOT NULL,
	`summary` text,
	`body` text NOT NULL,
	`image_document_id` integer,
	`published_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `articles_company_published_idx` ON `articles` (`company_id`,`published_at`);--> statement-breakpoint
CREATE TABLE `companies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`siret` text NOT NULL,
	`name` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`status_reason` text,
	`naf_code` text NOT NULL,
	`sector` text NOT NULL,
	`phone` text,
	`website` text,
	`employees_count` integer,
	`creation_date` text,
	`accepts_interns` integer DEFAULT false NOT NULL,
	`description` text,
	`picture_document_id` integer,
	`label` text,
	`zipcode` text,
	`city` text,
	`department_code` text,
	`lat` real,
	`lng` real,
	`contact_name` text,
	`contact_email` text,
	`contact_phone` text,
	`contact_opt_in` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`validated_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `companies_siret_idx` ON `companies` (`siret`);--> statement-breakpoint
CREATE INDEX `companies_status_lat_lng_idx` ON `companies` (`status`,`lat`,`lng`);--> statement-breakpoint
CREATE INDEX `companies_status_sector_idx` ON `companies` (`status`,`sector`);--> statement-breakpoint
CREATE INDEX `companies_department_idx` ON `companies` (`department_code`);--> statement-breakpoint
CREATE TABLE `company_jobs` (
	`company_id` integer NOT NULL,
	`job_id` integer NOT NULL,
	PRIMARY KEY(`company_id`, `job_id`),
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`job_id`) REFERENCES `jobs`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `company_jobs_job_idx` ON `company_jobs` (`job_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_user_id` integer,
	`company_id` integer,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`handled_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`from_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_messages_company_idx` ON `contact_messages` (`company_id`);--> statement-breakpoint
CREATE TABLE `departments` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`region_code` text NOT NULL,
	`time_zone` text NOT NULL,
	`active` integer DEFAULT false NOT NULL,
	`chamber` text
);
--> statement-breakpoint
CREATE TABLE `documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_kind` text NOT NULL,
	`owner_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`title` text NOT NULL,
	`file_name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size_bytes` integer NOT NULL,
	`storage_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `documents_owner_idx` ON `documents` (`owner_kind`,`owner_id`);--> statement-breakpoint
CREATE TABLE `establishments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`label` text,
	`zipcode` text,
	`city` text,
	`department_code` text,
	`lat` real,
	`lng` real,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `establishments_department_idx` ON `establishments` (`department_code`);--> statement-breakpoint
CREATE TABLE `faq_entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`audience` text DEFAULT 'all' NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `faq_entries_audience_idx` ON `faq_entries` (`audience`,`position`);--> statement-breakpoint
CREATE TABLE `favorites` (
	`teacher_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`teacher_id`, `company_id`),
	FOREIGN KEY (`teacher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `favorites_company_idx` ON `favorites` (`company_id`);--> statement-breakpoint
CREATE TABLE `feedback` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`meeting_id` integer NOT NULL,
	`organisation` integer NOT NULL,
	`matching` integer NOT NULL,
	`engagement` integer NOT NULL,
	`liked` text,
	`suggestions` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `feedback_meeting_idx` ON `feedback` (`meeting_id`);--> statement-breakpoint
CREATE TABLE `job_offers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`external_id` text NOT NULL,
	`title` text NOT NULL,
	`contract_type` text,
	`location` text,
	`url` text,
	`published_at` integer,
	`fetched_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `job_offers_company_external_idx` ON `job_offers` (`company_id`,`external_id`);--> statement-breakpoint
CREATE TABLE `jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`label` text NOT NULL,
	`sector` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `jobs_label_idx` ON `jobs` (`label`);--> statement-breakpoint
CREATE TABLE `meetings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slot_id` integer NOT NULL,
	`teacher_id` integer NOT NULL,
	`establishment_id` integer,
	`status` text DEFAULT 'confirmed' NOT NULL,
	`participants_count` integer NOT NULL,
	`public_category` text NOT NULL,
	`message` text,
	`accompanying_adult_name` text,
	`accompanying_adult_phone` text,
	`charter_accepted_at` integer NOT NULL,
	`cancel_reason` text,
	`cancelled_by` integer,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`slot_id`) REFERENCES `slots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`teacher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`establishment_id`) REFERENCES `establishments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`cancelled_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `meetings_slot_idx` ON `meetings` (`slot_id`);--> statement-breakpoint
CREATE INDEX `meetings_teacher_idx` ON `meetings` (`teacher_id`,`status`);--> statement-breakpoint
CREATE UNIQUE INDEX `meetings_slot_teacher_live_idx` ON `meetings` (`slot_id`,`teacher_id`) WHERE "meetings"."status" <> 'cancelled';--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`topic` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outbox_pending_idx` ON `outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE TABLE `password_reset_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `password_reset_tokens_user_idx` ON `password_reset_tokens` (`user_id`);--> statement-breakpoint
CREATE TABLE `recruitment_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`refresh_token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recruitment_tokens_hash_idx` ON `recruitment_tokens` (`refresh_token_hash`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `slots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`time_zone` text NOT NULL,
	`duration_minutes` integer NOT NULL,
	`meeting_type` text NOT NULL,
	`public_categories` text NOT NULL,
	`subjects` text NOT NULL,
	`max_participants` integer NOT NULL,
	`seats_taken` integer DEFAULT 0 NOT NULL,
	`speaker_name` text NOT NULL,
	`speaker_firstname` text NOT NULL,
	`speaker_email` text NOT NULL,
	`speaker_phone` text NOT NULL,
	`speaker_role` text NOT NULL,
	`description` text,
	`video_link` text,
	`place_label` text,
	`place_lat` real,
	`place_lng` real,
	`series_id` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `slots_company_starts_idx` ON `slots` (`company_id`,`starts_at`);--> statement-breakpoint
CREATE INDEX `slots_open_starts_idx` ON `slots` (`starts_at`,`seats_taken`,`max_participants`,`company_id`) WHERE "slots"."seats_taken" < "slots"."max_participants";--> statement-breakpoint
CREATE INDEX `slots_created_idx` ON `slots` (`created_at`);--> statement-breakpoint
CREATE TABLE `transport_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`meeting_id` integer NOT NULL,
	`group_size` integer NOT NULL,
	`departure_label` text NOT NULL,
	`departure_lat` real,
	`departure_lng` real,
	`comment` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`answer` text,
	`answered_by` integer,
	`answered_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`answered_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `transport_requests_meeting_idx` ON `transport_requests` (`meeting_id`);--> statement-breakpoint
CREATE INDEX `transport_requests_status_idx` ON `transport_requests` (`status`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone` text,
	`department_code` text,
	`profile_type` text,
	`school_levels` text,
	`establishment_id` integer,
	`description` text,
	`sectors` text,
	`jobs` text,
	`use_establishment_address` integer DEFAULT true NOT NULL,
	`reference_label` text,
	`reference_lat` real,
	`reference_lng` real,
	`weekly_mail` integer DEFAULT false NOT NULL,
	`avatar_document_id` integer,
	`company_id` integer,
	`job_title` text,
	`calendar_token_hash` text,
	`deletion_requested_at` integer,
	`anonymized_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`establishment_id`) REFERENCES `establishments`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_idx` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_company_idx` ON `users` (`company_id`);--> statement-breakpoint
CREATE INDEX `users_weekly_mail_idx` ON `users` (`weekly_mail`);