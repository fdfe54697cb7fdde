DROP INDEX `slots_open_starts_idx`;--> statement-breakpoint
ALTER TABLE `slots` ADD `listed` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `slots_open_starts_idx` ON `slots` (`starts_at`,`seats_taken`,`max_participants`,`company_id`,`listed`,`deleted_at`) WHERE "slots"."deleted_at" IS NULL AND "slots"."listed" = 1 AND "slots"."seats_taken" < "slots"."max_participants";--> statement-breakpoint
-- Hand-written (docs/decisions/0043): a slot is listed while its company is validated in an open department.
UPDATE `slots` SET `listed` = 0 WHERE `company_id` NOT IN (
  SELECT `c`.`id` FROM `companies` `c` JOIN `departments` `d` ON `d`.`code` = `c`.`department_code`
  WHERE `c`.`status` = 'validated' AND `d`.`active` = 1
);--> statement-breakpoint
-- The hourly counts of open slots follow the open-slot rule: not deleted, listed, seats left.
DROP TRIGGER `slots_open_hours_insert`;--> statement-breakpoint
DROP TRIGGER `slots_open_hours_delete`;--> statement-breakpoint
DROP TRIGGER `slots_open_hours_update`;--> statement-breakpoint
DELETE FROM `slot_open_hours`;--> statement-breakpoint
INSERT INTO `slot_open_hours` (`hour`, `open_slots`)
SELECT `starts_at` / 3600000, count(*) FROM `slots`
WHERE `deleted_at` IS NULL AND `listed` = 1 AND `seats_taken` < `max_participants` GROUP BY 1;--> statement-breakpoint
CREATE TRIGGER `slots_open_hours_insert` AFTER INSERT ON `slots`
WHEN NEW.`deleted_at` IS NULL AND NEW.`listed` = 1 AND NEW.`seats_taken` < NEW.`max_participants`
BEGIN
  INSERT INTO `slot_open_hours` (`hour`, `open_slots`) VALUES (NEW.`starts_at` / 3600000, 1)
  ON CONFLICT (`hour`) DO UPDATE SET `open_slots` = `open_slots` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `slots_open_hours_delete` AFTER DELETE ON `slots`
WHEN OLD.`deleted_at` IS NULL AND OLD.`listed` = 1 AND OLD.`seats_taken` < OLD.`max_participants`
BEGIN
  UPDATE `slot_open_hours` SET `open_slots` = `open_slots` - 1 WHERE `hour` = OLD.`starts_at` / 3600000;
END;--> statement-breakpoint
CREATE TRIGGER `slots_open_hours_update`
AFTER UPDATE OF `starts_at`, `seats_taken`, `max_participants`, `deleted_at`, `listed` ON `slots`
WHEN (OLD.`deleted_at` IS NULL AND OLD.`listed` = 1 AND OLD.`seats_taken` < OLD.`max_participants`)
    <> (NEW.`deleted_at` IS NULL AND NEW.`listed` = 1 AND NEW.`seats_taken` < NEW.`max_participants`)
  OR OLD.`starts_at` / 3600000 <> NEW.`starts_at` / 3600000
BEGIN
  UPDATE `slot_open_hours` SET `open_slots` = `open_slots` - 1
  WHERE `hour` = OLD.`starts_at` / 3600000
    AND OLD.`deleted_at` IS NULL AND OLD.`listed` = 1 AND OLD.`seats_taken` < OLD.`max_participants`;
  INSERT INTO `slot_open_hours` (`hour`, `open_slots`)
  SELECT NEW.`starts_at` / 3600000, 1
  WHERE NEW.`deleted_at` IS NULL AND NEW.`listed` = 1 AND NEW.`seats_taken` < NEW.`max_participants`
  ON CONFLICT (`hour`) DO UPDATE SET `open_slots` = `open_slots` + 1;
END;
