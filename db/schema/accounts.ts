import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { ProfileType, SchoolLevel, Sector, TeamRole, UserKind } from '../../common/constants.ts';
import { address, createdAt } from './columns.ts';
import { companies } from './companies.ts';

export const establishments = sqliteTable(
  'establishments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    type: text('type').notNull(),
    ...address(),
    createdAt: createdAt(),
  },
  (t) => [index('establishments_department_idx').on(t.departmentCode)],
);

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind').$type<UserKind>().notNull(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    /** scrypt; null for recruiters whose password lives on an outside recruitment site. */
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    departmentCode: text('department_code'),
    // teacher
    profileType: text('profile_type').$type<ProfileType>(),
    schoolLevels: text('school_levels', { mode: 'json' }).$type<SchoolLevel[]>(),
    establishmentId: integer('establishment_id').references(() => establishments.id),
    description: text('description'),
    sectors: text('sectors', { mode: 'json' }).$type<Sector[]>(),
    jobs: text('jobs', { mode: 'json' }).$type<string[]>(),
    useEstablishmentAddress: integer('use_establishment_address', { mode: 'boolean' })
      .notNull()
      .default(true),
    /** The teacher's own reference address, used when `useEstablishmentAddress` is off. */
    referenceLabel: text('reference_label'),
    referenceZipcode: text('reference_zipcode'),
    referenceCity: text('reference_city'),
    referenceLat: real('reference_lat'),
    referenceLng: real('reference_lng'),
    weeklyMail: integer('weekly_mail', { mode: 'boolean' }).notNull().default(false),
    avatarDocumentId: integer('avatar_document_id'),
    // admin
    /** A regional operator's region (01–18); null for a national administrator. */
    operatorRegion: text('operator_region'),
    // recruiter
    companyId: integer('company_id').references(() => companies.id),
    jobTitle: text('job_title'),
    /** A recruiter's place in the company's team (issue 21): the first one is its admin. Null for others. */
    teamRole: text('team_role').$type<TeamRole>(),
    /** The last time the account logged in (the team page's « dernière connexion »). */
    lastLoginAt: integer('last_login_at', { mode: 'timestamp_ms' }),
    /**
     * The last sign of life of the account: a login, or a session used after half its life (its renewal, at
     * most every 15 days), or « Garder mon compte ». What the `retention` job counts two years from
     * (docs/decisions/0098); null until the first, the account's creation then counting.
     */
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }),
    /** SHA-256 of the private calendar feed's secret; null when revoked or never asked for. */
    calendarTokenHash: text('calendar_token_hash'),
    deletionRequestedAt: integer('deletion_requested_at', { mode: 'timestamp_ms' }),
    anonymizedAt: integer('anonymized_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_idx').on(t.email),
    index('users_company_idx').on(t.companyId),
    index('users_weekly_mail_idx').on(t.weeklyMail),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 (hex) of the token the client holds; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens of the built-in recruitment-site adapter (rotating, stored hashed). */
export const recruitmentTokens = sqliteTable(
  'recruitment_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    refreshTokenHash: text('refresh_token_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recruitment_tokens_hash_idx').on(t.refreshTokenHash)],
);

export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * The owner told of password guessing on their account (issue 37, docs/decisions/0099): the login window
 * (`RATE_LIMITS.loginAccount`) in which they last were, by when it ends. One row per account; the write
 * that moves it to a new window is the one that sends, whichever process or isolate makes it.
 */
export const loginAlerts = sqliteTable('login_alerts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  windowEndsAt: integer('window_ends_at', { mode: 'timestamp_ms' }).notNull(),
  sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * A change of login e-mail waiting for its proof (docs/decisions/0024): the link sent to the new address
 * carries the token, of which only the hash is kept; it lives a day and serves once.
 */
export const emailChanges = sqliteTable(
  'email_changes',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased, as users.email. */
    newEmail: text('new_email').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);
