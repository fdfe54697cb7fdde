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
-- (docs/decisions/0028), over meeting_facts so that it imports none of the meetings' tables.
CREATE VIEW `meeting_feedback` AS
SELECT
  mf.id AS meeting_id, mf.status, mf.absent_at, mf.teacher_id, mf.company_id, mf.starts_at, mf.ends_at,
  mf.time_zone, mf.meeting_type, mf.participants_count, mf.company_name, mf.teacher_email,
  mf.teacher_first_name, mf.teacher_last_name, mf.teacher_anonymized_at, mf.establishment_name,
  f.id AS feedback_id, f.organisation, f.matching, f.engagement, f.liked, f.suggestions,
  f.created_at AS feedback_created_at,
  i.invited_at, i.reminded_at
FROM `meeting_facts` mf
LEFT JOIN `feedback` f ON f.meeting_id = mf.id
LEFT JOIN `feedback_invitations` i ON i.meeting_id = mf.id;
