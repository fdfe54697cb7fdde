-- The meeting's facts now say whether the group came (meetings.absent_at, migration 0009) and whether its
-- teacher's account is gone (no e-mail goes to an anonymised address). SQLite cannot alter a view: it is
-- dropped and created again, with the columns of 0006 and the new ones.
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
  u.email AS teacher_email, u.first_name AS teacher_first_name, u.last_name AS teacher_last_name,
  u.phone AS teacher_phone, u.anonymized_at AS teacher_anonymized_at,
  e.name AS establishment_name, e.type AS establishment_type, e.label AS establishment_address
FROM `meetings` m
JOIN `slots` s ON s.id = m.slot_id
JOIN `companies` c ON c.id = s.company_id
JOIN `users` u ON u.id = m.teacher_id
LEFT JOIN `establishments` e ON e.id = m.establishment_id;
--> statement-breakpoint
-- Every meeting with its questionnaire's answers and e-mails: the feedback domain's read model
-- (docs/decisions/0028). Its own joins, all LEFT on primary or unique keys, rather than meeting_facts'
-- inner ones: SQLite then leaves out every join a query does not read (a report's averages read the
-- feedback and the slot's company only), where meeting_facts joins five tables for each meeting.
CREATE VIEW `meeting_feedback` AS
SELECT
  m.id AS meeting_id, m.status, m.absent_at, m.teacher_id, s.company_id, s.starts_at, s.ends_at,
  s.time_zone, s.meeting_type, m.participants_count, c.name AS company_name, u.email AS teacher_email,
  u.first_name AS teacher_first_name, u.last_name AS teacher_last_name,
  u.anonymized_at AS teacher_anonymized_at, e.name AS establishment_name,
  f.id AS feedback_id, f.organisation, f.matching, f.engagement, f.liked, f.suggestions,
  f.created_at AS feedback_created_at,
  i.invited_at, i.reminded_at
FROM `meetings` m
LEFT JOIN `slots` s ON s.id = m.slot_id
LEFT JOIN `companies` c ON c.id = s.company_id
LEFT JOIN `users` u ON u.id = m.teacher_id
LEFT JOIN `establishments` e ON e.id = m.establishment_id
LEFT JOIN `feedback` f ON f.meeting_id = m.id
LEFT JOIN `feedback_invitations` i ON i.meeting_id = m.id;
