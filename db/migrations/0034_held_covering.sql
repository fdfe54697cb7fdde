DROP INDEX `meetings_live_slot_idx`;--> statement-breakpoint
CREATE INDEX `meetings_live_slot_idx` ON `meetings` (`slot_id`,`participants_count`,`absent_at`) WHERE "meetings"."status" <> 'cancelled';