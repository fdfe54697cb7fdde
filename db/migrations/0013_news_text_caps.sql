-- Companies' news are written by recruiters now (issue 14): their texts get the caps of the form and the
-- API (db/text-caps.ts), as 0008 did for the other free texts.
CREATE TRIGGER `articles_text_caps_insert` BEFORE INSERT ON `articles`
WHEN length(NEW.title) > 150 OR length(NEW.summary) > 300 OR length(NEW.body) > 5000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in articles');
END;
--> statement-breakpoint
CREATE TRIGGER `articles_text_caps_update` BEFORE UPDATE ON `articles`
WHEN length(NEW.title) > 150 OR length(NEW.summary) > 300 OR length(NEW.body) > 5000
BEGIN
  SELECT RAISE(ABORT, 'text over its cap in articles');
END;
