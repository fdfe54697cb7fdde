import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { sessions } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * A session opened with ProConnect (docs/decisions/0095): the ID token it came with, sealed, kept until the
 * session ends, when logging out hands it back to ProConnect (`id_token_hint`) to end its session too. Gone
 * with the session's row.
 */
export const proConnectSessions = sqliteTable('proconnect_sessions', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  idTokenSealed: text('id_token_sealed').notNull(),
  createdAt: createdAt(),
});
