-- The content screens' texts capped in the database too (db/text-caps.ts, like 0008).
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
