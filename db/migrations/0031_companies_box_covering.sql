DROP INDEX `companies_status_lat_lng_idx`;--> statement-breakpoint
CREATE INDEX `companies_status_lat_lng_idx` ON `companies` (`status`,`lat`,`lng`,`sector`,`name`,`city`,`picture_document_id`);