CREATE TABLE `class_groups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`teacher_id` integer NOT NULL,
	`name` text NOT NULL,
	`level` text,
	`school_year` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`teacher_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `class_groups_teacher_idx` ON `class_groups` (`teacher_id`,`school_year`);--> statement-breakpoint
ALTER TABLE `meetings` ADD `group_id` integer REFERENCES class_groups(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `meetings` ADD `attestation_code` text;--> statement-breakpoint
CREATE INDEX `meetings_group_idx` ON `meetings` (`group_id`);--> statement-breakpoint
-- Hand-written: every booking already made gets its attestation code, as new ones do at booking.
UPDATE `meetings` SET `attestation_code` = upper(hex(randomblob(8)));--> statement-breakpoint
CREATE UNIQUE INDEX `meetings_attestation_code_idx` ON `meetings` (`attestation_code`);--> statement-breakpoint
-- Hand-written: whatever door a booking comes through, it gets its code in the same write.
CREATE TRIGGER `meetings_attestation_code_insert` AFTER INSERT ON `meetings`
WHEN NEW.`attestation_code` IS NULL
BEGIN
  UPDATE `meetings` SET `attestation_code` = upper(hex(randomblob(8))) WHERE `id` = NEW.`id`;
END;--> statement-breakpoint
-- Hand-written: the groups' texts get the caps of the form and the API (db/text-caps.ts), as 0008 did.
CREATE TRIGGER `class_groups_text_caps_insert` BEFORE INSERT ON `class_groups`
WHEN length(NEW.name) > 80 OR length(NEW.level) > 60
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in class_groups');
END;
--> statement-breakpoint
CREATE TRIGGER `class_groups_text_caps_update` BEFORE UPDATE ON `class_groups`
WHEN length(NEW.name) > 80 OR length(NEW.level) > 60
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in class_groups');
END;
