import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns.ts';

/**
 * What a change hands on, written in the change's own transaction: one row per (event, after-commit
 * subscriber) and one per e-mail, each delivered, retried and set aside on its own (docs/decisions/0078).
 * `status` 'failed': set aside after its last try, until an operator asks for it again.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    topic: text('topic').notNull(),
    /** Who handles the row: an after-commit subscriber's name, or the sender of its topic ('mail.send'). */
    subscriber: text('subscriber'),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'sent' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    lastAttemptAt: integer('last_attempt_at', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_due_idx').on(t.topic, t.status, t.nextAttemptAt),
    index('outbox_status_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
