-- Free texts capped in the database too (db/text-caps.ts): whatever door a text comes through, no row
-- holds more than the forms and the API accept. Triggers, since SQLite cannot add a CHECK constraint to
-- an existing table; length() counts characters.
CREATE TRIGGER `users_text_caps_insert` BEFORE INSERT ON `users`
WHEN length(NEW.email) > 254 OR length(NEW.first_name) > 100 OR length(NEW.last_name) > 100 OR length(NEW.description) > 1000 OR length(NEW.reference_label) > 200 OR length(NEW.reference_city) > 100
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in users');
END;
--> statement-breakpoint
CREATE TRIGGER `users_text_caps_update` BEFORE UPDATE ON `users`
WHEN length(NEW.email) > 254 OR length(NEW.first_name) > 100 OR length(NEW.last_name) > 100 OR length(NEW.description) > 1000 OR length(NEW.reference_label) > 200 OR length(NEW.reference_city) > 100
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in users');
END;
--> statement-breakpoint
CREATE TRIGGER `establishments_text_caps_insert` BEFORE INSERT ON `establishments`
WHEN length(NEW.name) > 200 OR length(NEW.label) > 200 OR length(NEW.city) > 100
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in establishments');
END;
--> statement-breakpoint
CREATE TRIGGER `establishments_text_caps_update` BEFORE UPDATE ON `establishments`
WHEN length(NEW.name) > 200 OR length(NEW.label) > 200 OR length(NEW.city) > 100
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in establishments');
END;
--> statement-breakpoint
CREATE TRIGGER `companies_text_caps_insert` BEFORE INSERT ON `companies`
WHEN length(NEW.name) > 200 OR length(NEW.label) > 200 OR length(NEW.city) > 100 OR length(NEW.website) > 300 OR length(NEW.description) > 2000 OR length(NEW.contact_name) > 200 OR length(NEW.contact_email) > 254 OR length(NEW.status_reason) > 1000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in companies');
END;
--> statement-breakpoint
CREATE TRIGGER `companies_text_caps_update` BEFORE UPDATE ON `companies`
WHEN length(NEW.name) > 200 OR length(NEW.label) > 200 OR length(NEW.city) > 100 OR length(NEW.website) > 300 OR length(NEW.description) > 2000 OR length(NEW.contact_name) > 200 OR length(NEW.contact_email) > 254 OR length(NEW.status_reason) > 1000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in companies');
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_text_caps_insert` BEFORE INSERT ON `jobs`
WHEN length(NEW.label) > 200
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in jobs');
END;
--> statement-breakpoint
CREATE TRIGGER `jobs_text_caps_update` BEFORE UPDATE ON `jobs`
WHEN length(NEW.label) > 200
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in jobs');
END;
--> statement-breakpoint
CREATE TRIGGER `slots_text_caps_insert` BEFORE INSERT ON `slots`
WHEN length(NEW.speaker_name) > 100 OR length(NEW.speaker_firstname) > 100 OR length(NEW.speaker_email) > 254 OR length(NEW.speaker_role) > 100 OR length(NEW.description) > 2000 OR length(NEW.video_link) > 500 OR length(NEW.place_label) > 200
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in slots');
END;
--> statement-breakpoint
CREATE TRIGGER `slots_text_caps_update` BEFORE UPDATE ON `slots`
WHEN length(NEW.speaker_name) > 100 OR length(NEW.speaker_firstname) > 100 OR length(NEW.speaker_email) > 254 OR length(NEW.speaker_role) > 100 OR length(NEW.description) > 2000 OR length(NEW.video_link) > 500 OR length(NEW.place_label) > 200
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in slots');
END;
--> statement-breakpoint
CREATE TRIGGER `meetings_text_caps_insert` BEFORE INSERT ON `meetings`
WHEN length(NEW.message) > 2000 OR length(NEW.accompanying_adult_name) > 200 OR length(NEW.cancel_reason) > 1000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in meetings');
END;
--> statement-breakpoint
CREATE TRIGGER `meetings_text_caps_update` BEFORE UPDATE ON `meetings`
WHEN length(NEW.message) > 2000 OR length(NEW.accompanying_adult_name) > 200 OR length(NEW.cancel_reason) > 1000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in meetings');
END;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_text_caps_insert` BEFORE INSERT ON `contact_messages`
WHEN length(NEW.body) > 2000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in contact_messages');
END;
--> statement-breakpoint
CREATE TRIGGER `contact_messages_text_caps_update` BEFORE UPDATE ON `contact_messages`
WHEN length(NEW.body) > 2000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in contact_messages');
END;
--> statement-breakpoint
CREATE TRIGGER `documents_text_caps_insert` BEFORE INSERT ON `documents`
WHEN length(NEW.title) > 120
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in documents');
END;
--> statement-breakpoint
CREATE TRIGGER `documents_text_caps_update` BEFORE UPDATE ON `documents`
WHEN length(NEW.title) > 120
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in documents');
END;
