CREATE INDEX `meetings_created_idx` ON `meetings` (`created_at`,`slot_id`);--> statement-breakpoint
CREATE INDEX `meetings_live_slot_idx` ON `meetings` (`slot_id`,`participants_count`) WHERE "meetings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX `meetings_cancelled_slot_idx` ON `meetings` (`slot_id`,`cancelled_at`) WHERE "meetings"."status" = 'cancelled';--> statement-breakpoint
CREATE INDEX `slots_held_idx` ON `slots` (`ends_at`,`company_id`,`meeting_type`,`max_participants`,`seats_taken`,`starts_at`,`deleted_at`);--> statement-breakpoint
CREATE INDEX `slots_company_held_idx` ON `slots` (`company_id`,`ends_at`,`meeting_type`,`max_participants`,`seats_taken`,`starts_at`,`deleted_at`);