CREATE TABLE `company_directory_checks` (
	`company_id` integer PRIMARY KEY NOT NULL,
	`answer` text NOT NULL,
	`name` text,
	`address_label` text,
	`zipcode` text,
	`city` text,
	`checked_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
