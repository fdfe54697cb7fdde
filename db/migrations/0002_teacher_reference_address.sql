ALTER TABLE `users` ADD `reference_zipcode` text;--> statement-breakpoint
ALTER TABLE `users` ADD `reference_city` text;