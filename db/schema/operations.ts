import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Each scheduled job's last run, as its scheduler (croner on Node, a Cron Trigger on Workers) started it. */
export const jobRuns = sqliteTable('job_runs', {
  name: text('name').primaryKey(),
  lastStartedAt: integer('last_started_at', { mode: 'timestamp_ms' }).notNull(),
  lastFinishedAt: integer('last_finished_at', { mode: 'timestamp_ms' }),
  /** null while it runs (or when the process died during the run). */
  lastOutcome: text('last_outcome').$type<'ok' | 'failed'>(),
  lastError: text('last_error'),
});

/** The alarms e-mailed to the national administrators: at most one an hour (server/operations/alarms.ts). */
export const operationAlarms = sqliteTable('operation_alarms', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
  reasons: text('reasons', { mode: 'json' }).$type<string[]>().notNull(),
});
