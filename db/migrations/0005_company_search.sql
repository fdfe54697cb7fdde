-- Full-text search over company names and job labels, accents and case ignored ("venissieux" finds
-- "Vénissieux", "chaudron" finds "Chaudronnier"). Kept by triggers: no code path can forget it.
CREATE VIRTUAL TABLE `company_search` USING fts5(`name`, `jobs`, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `company_search` (`rowid`, `name`, `jobs`)
SELECT `c`.`id`, `c`.`name`, coalesce((SELECT group_concat(`j`.`label`, ' ') FROM `company_jobs` `cj`
  JOIN `jobs` `j` ON `j`.`id` = `cj`.`job_id` WHERE `cj`.`company_id` = `c`.`id`), '')
FROM `companies` `c`;
--> statement-breakpoint
CREATE TRIGGER `company_search_insert` AFTER INSERT ON `companies`
BEGIN
  INSERT INTO `company_search` (`rowid`, `name`, `jobs`) VALUES (NEW.`id`, NEW.`name`, '');
END;
--> statement-breakpoint
CREATE TRIGGER `company_search_rename` AFTER UPDATE OF `name` ON `companies`
BEGIN
  UPDATE `company_search` SET `name` = NEW.`name` WHERE `rowid` = NEW.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `company_search_delete` AFTER DELETE ON `companies`
BEGIN
  DELETE FROM `company_search` WHERE `rowid` = OLD.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `company_search_job_added` AFTER INSERT ON `company_jobs`
BEGIN
  UPDATE `company_search` SET `jobs` = coalesce((SELECT group_concat(`j`.`label`, ' ') FROM `company_jobs` `cj`
    JOIN `jobs` `j` ON `j`.`id` = `cj`.`job_id` WHERE `cj`.`company_id` = NEW.`company_id`), '')
  WHERE `rowid` = NEW.`company_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `company_search_job_removed` AFTER DELETE ON `company_jobs`
BEGIN
  UPDATE `company_search` SET `jobs` = coalesce((SELECT group_concat(`j`.`label`, ' ') FROM `company_jobs` `cj`
    JOIN `jobs` `j` ON `j`.`id` = `cj`.`job_id` WHERE `cj`.`company_id` = OLD.`company_id`), '')
  WHERE `rowid` = OLD.`company_id`;
END;
