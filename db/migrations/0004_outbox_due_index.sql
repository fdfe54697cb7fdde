DROP INDEX `outbox_pending_idx`;--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`topic`,`status`,`next_attempt_at`);