import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emailChanges, passwordResetTokens, sessions, users } from '../../db/schema/accounts.ts';

/** The address an anonymised account keeps: unique, and never deliverable (.invalid, RFC 2606). */
export function anonymisedEmail(userId: number): string {
  return `supprime-${userId}@passerelle-industrie.invalid`;
}

/**
 * Anonymises a teacher's account (PRODUCT.md, Accounts): their personal data is erased, the row stays for
 * the past meetings and feedback attached to it; sessions, pending links (a reset or an e-mail change
 * still in a mailbox must not give the account back) go.
 */
export async function anonymiseTeacher(tx: DbOrTx, teacherId: number, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      email: anonymisedEmail(teacherId),
      firstName: 'Compte',
      lastName: 'supprimé',
      phone: null,
      description: null,
      referenceLabel: null,
      referenceZipcode: null,
      referenceCity: null,
      referenceLat: null,
      referenceLng: null,
      passwordHash: null,
      sectors: [],
      jobs: [],
      weeklyMail: false,
      calendarTokenHash: null,
      deletionRequestedAt: now,
      anonymizedAt: now,
    })
    .where(eq(users.id, teacherId));
  await tx.delete(sessions).where(eq(sessions.userId, teacherId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, teacherId));
  await tx.delete(emailChanges).where(eq(emailChanges.userId, teacherId));
}
