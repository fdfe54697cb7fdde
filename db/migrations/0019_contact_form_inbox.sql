ALTER TABLE `contact_messages` ADD `sender_role` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `organisation` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `department_code` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `region_code` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `status` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `answer` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `answered_by` integer REFERENCES users(id);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `answered_at` integer;--> statement-breakpoint
CREATE INDEX `contact_messages_inbox_idx` ON `contact_messages` (`region_code`,`status`,`created_at`);--> statement-breakpoint
-- hand-written below
-- The contact form's messages written before this migration (company_id null) get their sender's
-- department and region, so that the region's operators see them (docs/decisions/0042).
UPDATE `contact_messages` SET `department_code` = (
  SELECT `users`.`department_code` FROM `users` WHERE `users`.`id` = `contact_messages`.`from_user_id`
) WHERE `company_id` IS NULL;
--> statement-breakpoint
UPDATE `contact_messages` SET `region_code` = (
  SELECT `departments`.`region_code` FROM `departments` WHERE `departments`.`code` = `contact_messages`.`department_code`
) WHERE `company_id` IS NULL;
--> statement-breakpoint
-- The operators' answer gets the cap of the form and the API (db/text-caps.ts), as 0008 did for the body.
DROP TRIGGER `contact_messages_text_caps_insert`;
--> statement-breakpoint
DROP TRIGGER `contact_messages_text_caps_update`;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_text_caps_insert` BEFORE INSERT ON `contact_messages`
WHEN length(NEW.body) > 2000 OR length(NEW.answer) > 2000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in contact_messages');
END;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_text_caps_update` BEFORE UPDATE ON `contact_messages`
WHEN length(NEW.body) > 2000 OR length(NEW.answer) > 2000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in contact_messages');
END;
