import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';

/** When the account last showed a sign of life: `last_seen_at`, or its creation before any. */
const lastSeen = sql<number>`coalesce(${users.lastSeenAt}, ${users.createdAt})`.mapWith(
  (ms: number) => new Date(ms),
);

/** A teacher's or recruiter's account the `retention` job looks at (docs/decisions/0098). */
export interface DormantAccount {
  id: number;
  kind: 'teacher' | 'recruiter';
  email: string;
  firstName: string;
  lastSeenAt: Date;
}

/** Where a page of dormant accounts ended: the next page starts after it. */
export type DormantCursor = Pick<DormantAccount, 'lastSeenAt' | 'id'>;

/**
 * The teachers' and recruiters' accounts, not yet anonymised, whose last sign of life is at or before
 * `seenBefore`, the longest unused first, a page of `limit` after `after`. Administrators are not among them:
 * operators' accounts are the national administrators' to remove (docs/decisions/0098).
 */
export async function dormantAccounts(
  db: DbOrTx,
  seenBefore: Date,
  after: DormantCursor | null,
  limit: number,
): Promise<DormantAccount[]> {
  const rows = await db
    .select({
      id: users.id,
      kind: users.kind,
      email: users.email,
      firstName: users.firstName,
      lastSeenAt: lastSeen,
    })
    .from(users)
    .where(
      and(
        inArray(users.kind, ['teacher', 'recruiter']),
        isNull(users.anonymizedAt),
        lte(lastSeen, seenBefore.getTime()),
        after
          ? or(
              gt(lastSeen, after.lastSeenAt.getTime()),
              and(eq(lastSeen, after.lastSeenAt.getTime()), gt(users.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(lastSeen), asc(users.id))
    .limit(limit);
  return rows as DormantAccount[];
}

/** « Garder mon compte » (docs/decisions/0098): the account counts as used now. False when it is gone. */
export async function recordSignOfLife(db: DbOrTx, userId: number, now: Date): Promise<boolean> {
  const kept = await db
    .update(users)
    .set({ lastSeenAt: now })
    .where(and(eq(users.id, userId), isNull(users.anonymizedAt)))
    .returning({ id: users.id });
  return kept.length > 0;
}
