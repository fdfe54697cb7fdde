-- Hand-written: what « Mes classes » reads of a teacher's meetings (issue 35 gave the class record a room
-- above the meetings, server/classes/). A narrow view over meeting_facts, so that what a meeting says stays
-- written once; SQLite flattens it into the query that reads it.
CREATE VIEW `class_meetings` AS
SELECT id, teacher_id, group_id, status, starts_at, ends_at, time_zone, absent_at, duration_minutes,
  meeting_type, company_id, company_name, company_sector
FROM `meeting_facts`;
