import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.ts';

/**
 * The weekly alerts sent (PRODUCT.md, Weekly alert; docs/decisions/0039): one row per teacher and week,
 * written in the transaction that queues the e-mail, so a rerun or a crash halfway never sends one twice.
 */
export const weeklyAlerts = sqliteTable(
  'weekly_alerts',
  {
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** ISO week of the run in Europe/Paris, `2026-W48`. */
    week: text('week').notNull(),
    /** How many slots the e-mail listed. */
    slotsCount: integer('slots_count').notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.teacherId, t.week] })],
);
