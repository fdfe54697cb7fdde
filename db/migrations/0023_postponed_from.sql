ALTER TABLE `meetings` ADD `previous_starts_at` integer;--> statement-breakpoint
ALTER TABLE `meetings` ADD `previous_ends_at` integer;--> statement-breakpoint
-- Hand-written: the meetings' read model carries the times a postponed booking was made for (old → new).
DROP VIEW `meeting_facts`;
--> statement-breakpoint
CREATE VIEW `meeting_facts` AS
SELECT
  m.id, m.slot_id, m.teacher_id, m.establishment_id, m.status, m.participants_count, m.public_category,
  m.message, m.accompanying_adult_name, m.accompanying_adult_phone, m.cancel_reason, m.cancelled_by,
  m.cancelled_at, m.absent_at, m.teacher_confirmed_at, m.company_confirmed_at, m.created_at,
  m.group_id, m.attestation_code, m.previous_starts_at, m.previous_ends_at,
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
