-- Hand-written: a narrow read of the meetings, only what lists filter and sort by (docs/decisions/0067).
-- A list of meeting_facts filtered by owner and period joined the company, the teacher and the
-- establishment of every candidate before sorting and keeping the first ones; the list now finds its ids here
-- (meetings and slots only), then reads the facts of those ids.
CREATE VIEW `meeting_times` AS
SELECT m.id, m.slot_id, m.teacher_id, m.status, s.company_id, s.starts_at, s.ends_at, s.meeting_type
FROM `meetings` m
JOIN `slots` s ON s.id = m.slot_id;
