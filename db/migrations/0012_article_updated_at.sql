ALTER TABLE `articles` ADD `updated_at` integer;--> statement-breakpoint
-- Hand-written: an article written before this column was last saved when it was created or, later, published.
UPDATE `articles` SET `updated_at` = max(`created_at`, coalesce(`published_at`, `created_at`));
