import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireKind } from '../permissions.ts';
import { randomToken, sha256Hex } from './tokens.ts';

/** The private calendar feed's path for a token: the secret is the URL. */
export const calendarFeedPath = (token: string) => `/calendar/feed/${token}.ics`;

/**
 * A new private feed URL for a teacher or a recruiter; the previous one stops working. Only the token's
 * hash is kept, so the URL is shown once, when it is made.
 */
export async function createCalendarFeed(viewer: Viewer | null, deps: Deps): Promise<string> {
  const user = requireKind(viewer, 'teacher', 'recruiter');
  const token = randomToken();
  await deps.db
    .update(users)
    .set({ calendarTokenHash: sha256Hex(token) })
    .where(eq(users.id, user.id));
  return `${deps.config.PUBLIC_URL}${calendarFeedPath(token)}`;
}

export async function revokeCalendarFeed(viewer: Viewer | null, deps: Deps): Promise<void> {
  const user = requireKind(viewer, 'teacher', 'recruiter');
  await deps.db.update(users).set({ calendarTokenHash: null }).where(eq(users.id, user.id));
}

export async function hasCalendarFeed(viewer: Viewer | null, deps: Deps): Promise<boolean> {
  const user = requireKind(viewer, 'teacher', 'recruiter');
  const [row] = await deps.db
    .select({ hash: users.calendarTokenHash })
    .from(users)
    .where(eq(users.id, user.id));
  return Boolean(row?.hash);
}

/** Whose feed a token opens: a teacher or a recruiter still on the platform; null otherwise. */
export async function ownerOfCalendarToken(db: DbOrTx, token: string) {
  const [user] = await db
    .select({ id: users.id, kind: users.kind, companyId: users.companyId })
    .from(users)
    .where(and(eq(users.calendarTokenHash, sha256Hex(token)), isNull(users.anonymizedAt)));
  return user && user.kind !== 'admin' ? user : null;
}
