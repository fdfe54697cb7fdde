-- The meeting's company department and sector, for the regional operators and the statistics (issue 13),
-- beside the columns of 0011. SQLite cannot alter a view: it is dropped and created again.
DROP VIEW `meeting_facts`;
--> statement-breakpoint
CREATE VIEW `meeting_facts` AS
SELECT
  m.id, m.slot_id, m.teacher_id, m.establishment_id, m.status, m.participants_count, m.public_category,
  m.message, m.accompanying_adult_name, m.accompanying_adult_phone, m.cancel_reason, m.cancelled_by,
  m.cancelled_at, m.absent_at, m.created_at,
  s.company_id, s.starts_at, s.ends_at, s.time_zone, s.duration_minutes, s.meeting_type, s.subjects,
  s.description, s.place_label, s.video_link, s.updated_at AS slot_updated_at,
  s.speaker_name, s.speaker_firstname, s.speaker_email, s.speaker_phone, s.speaker_role,
  c.name AS company_name, c.phone AS company_phone, c.label AS company_address,
  c.department_code AS company_department_code, c.sector AS company_sector,
  u.email AS teacher_email, u.first_name AS teacher_first_name, u.last_name AS teacher_last_name,
  u.phone AS teacher_phone, u.anonymized_at AS teacher_anonymized_at,
  e.name AS establishment_name, e.type AS establishment_type, e.label AS establishment_address
FROM `meetings` m
JOIN `slots` s ON s.id = m.slot_id
JOIN `companies` c ON c.id = s.company_id
JOIN `users` u ON u.id = m.teacher_id
LEFT JOIN `establishments` e ON e.id = m.establishment_id;
--> statement-breakpoint
-- The content screens' texts capped in the database too (db/text-caps.ts, like 0008). The FAQ table was
-- made again by 0014, without triggers.
CREATE TRIGGER `faq_entries_text_caps_insert` BEFORE INSERT ON `faq_entries`
WHEN length(NEW.question) > 300 OR length(NEW.answer) > 5000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in faq_entries');
END;
--> statement-breakpoint
CREATE TRIGGER `faq_entries_text_caps_update` BEFORE UPDATE ON `faq_entries`
WHEN length(NEW.question) > 300 OR length(NEW.answer) > 5000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in faq_entries');
END;
--> statement-breakpoint
-- Platform articles are longer than companies' news (0013): the table's caps are the larger ones.
DROP TRIGGER `articles_text_caps_insert`;
--> statement-breakpoint
DROP TRIGGER `articles_text_caps_update`;
--> statement-breakpoint
CREATE TRIGGER `articles_text_caps_insert` BEFORE INSERT ON `articles`
WHEN length(NEW.title) > 200 OR length(NEW.summary) > 500 OR length(NEW.body) > 50000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in articles');
END;
--> statement-breakpoint
CREATE TRIGGER `articles_text_caps_update` BEFORE UPDATE ON `articles`
WHEN length(NEW.title) > 200 OR length(NEW.summary) > 500 OR length(NEW.body) > 50000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in articles');
END;
