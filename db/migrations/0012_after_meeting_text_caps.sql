-- The free texts of the questionnaire and of transport-help requests, capped in the database as in the
-- forms and the API (db/text-caps.ts, as migration 0008 does for the other tables).
CREATE TRIGGER `feedback_text_caps_insert` BEFORE INSERT ON `feedback`
WHEN length(NEW.liked) > 2000 OR length(NEW.suggestions) > 2000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in feedback');
END;
--> statement-breakpoint
CREATE TRIGGER `feedback_text_caps_update` BEFORE UPDATE ON `feedback`
WHEN length(NEW.liked) > 2000 OR length(NEW.suggestions) > 2000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in feedback');
END;
--> statement-breakpoint
CREATE TRIGGER `transport_requests_text_caps_insert` BEFORE INSERT ON `transport_requests`
WHEN length(NEW.departure_label) > 200 OR length(NEW.departure_city) > 100 OR length(NEW.comment) > 1000 OR length(NEW.answer) > 1000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in transport_requests');
END;
--> statement-breakpoint
CREATE TRIGGER `transport_requests_text_caps_update` BEFORE UPDATE ON `transport_requests`
WHEN length(NEW.departure_label) > 200 OR length(NEW.departure_city) > 100 OR length(NEW.comment) > 1000 OR length(NEW.answer) > 1000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in transport_requests');
END;
