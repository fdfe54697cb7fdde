import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailChanges, passwordResetTokens, sessions, users } from '../../db/schema/accounts.ts';
import { anonymisedEmail } from './anonymise.ts';
import { TEAM_FIRST_NAME, type UserRow } from './users.ts';

/** The platform's operators still active: national administrators (no region) and regional ones. */
export function listOperators(db: DbOrTx): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.kind, 'admin'), isNull(users.anonymizedAt)))
    .orderBy(asc(users.operatorRegion), asc(users.email));
}

/** A new operator's account, without a password until their invitation's link is used. */
export async function createOperator(
  tx: DbOrTx,
  input: { email: string; regionCode: string | null; lastName: string; now: Date },
): Promise<UserRow> {
  const [user] = await tx
    .insert(users)
    .values({
      kind: 'admin',
      email: input.email.trim().toLowerCase(),
      firstName: TEAM_FIRST_NAME,
      lastName: input.lastName,
      operatorRegion: input.regionCode,
      createdAt: input.now,
    })
    .returning();
  if (!user) throw new Error('operator not inserted');
  return user;
}

/** An operator removed: the account can no longer log in, its address is freed, its links spent. */
export async function removeOperatorAccount(tx: DbOrTx, userId: number, now: Date): Promise<UserRow | null> {
  const [removed] = await tx
    .update(users)
    .set({ email: anonymisedEmail(userId), passwordHash: null, anonymizedAt: now })
    .where(and(eq(users.id, userId), eq(users.kind, 'admin'), isNull(users.anonymizedAt)))
    .returning();
  if (!removed) return null;
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
  return removed;
}
