import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { eq, sql } from 'drizzle-orm';
import type { UserKind } from '../../common/constants.ts';
import type { Db } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { sessions, users } from '../../db/schema/accounts.ts';
import { sha256Hex } from './tokens.ts';

/** Sessions as in the Lucia guide: the client holds a random token, the database only its SHA-256. */
const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
const RENEW_WHEN_LEFT_MS = 15 * DAY_MS;

export interface SessionUser {
  sessionId: string;
  expiresAt: Date;
  /** True when this validation extended the session: the cookie must be sent again. */
  renewed: boolean;
  id: number;
  kind: UserKind;
  companyId: number | null;
  firstName: string;
  lastName: string;
  regionCode: string | null;
}

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export function sessionIdOf(token: string): string {
  return sha256Hex(token);
}

export async function createSession(db: Db, token: string, userId: number, now: Date) {
  const session = {
    id: sessionIdOf(token),
    userId,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
  };
  await db.insert(sessions).values(session);
  return session;
}

/** The session's user, or null; expired sessions are deleted and sessions past half their life are extended. */
export async function validateSessionToken(db: Db, token: string, now: Date): Promise<SessionUser | null> {
  const sessionId = sessionIdOf(token);
  const lookup = preparedOn(db, 'sessionUser', (db) =>
    db
      .select({
        expiresAt: sessions.expiresAt,
        id: users.id,
        kind: users.kind,
        companyId: users.companyId,
        firstName: users.firstName,
        lastName: users.lastName,
        regionCode: users.operatorRegion,
        anonymizedAt: users.anonymizedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('sessionId')))
      .limit(1)
      .prepare(),
  );
  const row = await lookup.get({ sessionId });
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime() || row.anonymizedAt) {
    await db.delete(sessions).where(eq(sessions.id, sessionId));
    return null;
  }
  const { anonymizedAt: _, ...user } = row;
  if (row.expiresAt.getTime() - now.getTime() >= RENEW_WHEN_LEFT_MS)
    return { ...user, sessionId, renewed: false };
  const expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, sessionId));
  // The renewal, at most every 15 days of use, is the session's sign of life (docs/decisions/0098).
  await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, user.id));
  return { ...user, sessionId, expiresAt, renewed: true };
}

export async function invalidateSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function invalidateUserSessions(db: Db, userId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
