import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { PartnerScope } from '../../common/partners.ts';
import { createdAt } from './columns.ts';

/**
 * A partner's key to the API (issue 37): made by a national administrator, its secret shown once and kept as
 * its SHA-256; `regionCodes` empty means every region. `createdBy` is the administrator's user id (no foreign
 * key: an operator's account may go, the key stays).
 */
export const partnerKeys = sqliteTable(
  'partner_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    contactEmail: text('contact_email').notNull(),
    scopes: text('scopes', { mode: 'json' }).$type<PartnerScope[]>().notNull(),
    regionCodes: text('region_codes', { mode: 'json' }).$type<string[]>().notNull(),
    secretHash: text('secret_hash').notNull(),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('partner_keys_secret_idx').on(t.secretHash)],
);
