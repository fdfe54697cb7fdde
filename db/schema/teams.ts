import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { TeamRole } from '../../common/constants.ts';
import { createdAt } from './columns.ts';
import { companies } from './companies.ts';

/**
 * A company admin's invitation to join its team (issue 21, docs/decisions/0049): the link carries the token,
 * of which only the SHA-256 is kept; it lives 7 days and serves once. Inviting the same e-mail again replaces
 * the older link. `invitedBy` is the admin's user id (no foreign key: accounts' table refers to this one).
 */
export const recruiterInvitations = sqliteTable(
  'recruiter_invitations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower-cased, as users.email. */
    email: text('email').notNull(),
    role: text('role').$type<TeamRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('recruiter_invitations_token_idx').on(t.tokenHash),
    index('recruiter_invitations_company_email_idx').on(t.companyId, t.email),
  ],
);

/**
 * Someone who typed an already registered SIRET at sign-up and asked to join (issue 21): the company's admins
 * accept or refuse. The password is kept as the account's hash, and sealed (AES-GCM under the platform's
 * secret) for an outside recruitment site, which needs it at acceptance; the seal is wiped once answered.
 * The requester first proves the address (issue 37, docs/decisions/0099): the e-mailed link carries the
 * token, of which only the SHA-256 is kept; it lives 48 hours (`expiresAt`) and confirms once
 * (`confirmedAt`). Only a confirmed request reaches the admins; an unconfirmed one past its hours is deleted.
 */
export const companyJoinRequests = sqliteTable(
  'company_join_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower-cased, as users.email. */
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    passwordSealed: text('password_sealed'),
    /** The confirmation link's token, hashed; kept once confirmed, so that the link then says so. */
    tokenHash: text('token_hash'),
    /** Until when the link confirms; null for the requests made before links (confirmed by the migration). */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    confirmedAt: integer('confirmed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    answeredAt: integer('answered_at', { mode: 'timestamp_ms' }),
    accepted: integer('accepted', { mode: 'boolean' }),
    answeredBy: integer('answered_by'),
  },
  (t) => [
    index('company_join_requests_company_idx').on(t.companyId, t.answeredAt),
    uniqueIndex('company_join_requests_token_idx').on(t.tokenHash),
  ],
);
