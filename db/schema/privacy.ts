import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.ts';

/**
 * The `retention` job's warnings (docs/decisions/0098): an account unused for 23 months is e-mailed once
 * with « Garder mon compte »; it is anonymised at 24 months if it was not used since, and at least 30 days
 * after the e-mail. A sign of life later than `warned_at` voids the warning.
 */
export const retentionNotices = sqliteTable('retention_notices', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  warnedAt: integer('warned_at', { mode: 'timestamp_ms' }).notNull(),
});
