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
--> statement-breakpoint
-- Hand-written: the meetings' read model carries the group, the attestation code and what the class-out
-- documents print (the company's contact, the place's coordinates for the map link).
DROP VIEW `meeting_facts`;
--> statement-breakpoint
CREATE VIEW `meeting_facts` AS
SELECT
  m.id, m.slot_id, m.teacher_id, m.establishment_id, m.status, m.participants_count, m.public_category,
  m.message, m.accompanying_adult_name, m.accompanying_adult_phone, m.cancel_reason, m.cancelled_by,
  m.cancelled_at, m.absent_at, m.teacher_confirmed_at, m.company_confirmed_at, m.created_at,
  m.group_id, m.attestation_code,
  s.company_id, s.starts_at, s.ends_at, s.time_zone, s.duration_minutes, s.meeting_type, s.subjects,
  s.description, s.place_label, s.place_lat, s.place_lng, s.video_link, s.updated_at AS slot_updated_at,
  s.speaker_name, s.speaker_firstname, s.speaker_email, s.speaker_phone, s.speaker_role,
  c.name AS company_name, c.phone AS company_phone, c.label AS company_address,
  c.department_code AS company_department_code, c.sector AS company_sector,
  c.contact_name AS company_contact_name, c.contact_email AS company_contact_email,
  c.contact_phone AS company_contact_phone,
  u.email AS teacher_email, u.first_name AS teacher_first_name, u.last_name AS teacher_last_name,
  u.phone AS teacher_phone, u.anonymized_at AS teacher_anonymized_at,
  e.name AS establishment_name, e.type AS establishment_type, e.label AS establishment_address
FROM `meetings` m
JOIN `slots` s ON s.id = m.slot_id
JOIN `companies` c ON c.id = s.company_id
JOIN `users` u ON u.id = m.teacher_id
LEFT JOIN `establishments` e ON e.id = m.establishment_id;
