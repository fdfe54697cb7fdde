CREATE TABLE `slot_open_hours` (
	`hour` integer PRIMARY KEY NOT NULL,
	`open_slots` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `slot_open_hours` (`hour`, `open_slots`)
SELECT `starts_at` / 3600000, count(*) FROM `slots` WHERE `seats_taken` < `max_participants` GROUP BY 1;
--> statement-breakpoint
CREATE TRIGGER `slots_open_hours_insert` AFTER INSERT ON `slots`
WHEN NEW.`seats_taken` < NEW.`max_participants`
BEGIN
  INSERT INTO `slot_open_hours` (`hour`, `open_slots`) VALUES (NEW.`starts_at` / 3600000, 1)
  ON CONFLICT (`hour`) DO UPDATE SET `open_slots` = `open_slots` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `slots_open_hours_delete` AFTER DELETE ON `slots`
WHEN OLD.`seats_taken` < OLD.`max_participants`
BEGIN
  UPDATE `slot_open_hours` SET `open_slots` = `open_slots` - 1 WHERE `hour` = OLD.`starts_at` / 3600000;
END;
--> statement-breakpoint
CREATE TRIGGER `slots_open_hours_update` AFTER UPDATE OF `starts_at`, `seats_taken`, `max_participants` ON `slots`
WHEN (OLD.`seats_taken` < OLD.`max_participants`) <> (NEW.`seats_taken` < NEW.`max_participants`)
  OR OLD.`starts_at` / 3600000 <> NEW.`starts_at` / 3600000
BEGIN
  UPDATE `slot_open_hours` SET `open_slots` = `open_slots` - 1
  WHERE `hour` = OLD.`starts_at` / 3600000 AND OLD.`seats_taken` < OLD.`max_participants`;
  INSERT INTO `slot_open_hours` (`hour`, `open_slots`)
  SELECT NEW.`starts_at` / 3600000, 1 WHERE NEW.`seats_taken` < NEW.`max_participants`
  ON CONFLICT (`hour`) DO UPDATE SET `open_slots` = `open_slots` + 1;
END;
