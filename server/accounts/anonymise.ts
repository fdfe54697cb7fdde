import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  emailChanges,
  passwordResetTokens,
  recruitmentTokens,
  sessions,
  users,
} from '../../db/schema/accounts.ts';
import { countTeamAdmins, setTeamRole, teamOf } from './team.ts';

/** The address an anonymised account keeps: unique, and never deliverable (.invalid, RFC 2606). */
export function anonymisedEmail(userId: number): string {
  return `supprime-${userId}@passerelle-industrie.invalid`;
}

/**
 * Anonymises a teacher's or a recruiter's account (PRODUCT.md, Accounts; docs/decisions/0098): their
 * personal data is erased, the row stays for the past meetings and feedback attached to it; sessions,
 * pending links (a reset or an e-mail change still in a mailbox must not give the account back) and a
 * recruiter's refresh tokens go. A recruiter leaves their company's team; when they were its last admin, its
 * longest-standing member becomes admin, so that a team never lacks one (`last_admin`).
 * `requested`: the person asked (deletion), rather than the retention job deciding.
 */
export async function anonymiseAccount(
  tx: DbOrTx,
  userId: number,
  now: Date,
  requested: boolean,
): Promise<void> {
  const [account] = await tx
    .select({ companyId: users.companyId, teamRole: users.teamRole })
    .from(users)
    .where(eq(users.id, userId));
  await tx
    .update(users)
    .set({
      email: anonymisedEmail(userId),
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
      jobTitle: null,
      companyId: null,
      teamRole: null,
      ...(requested ? { deletionRequestedAt: now } : {}),
      anonymizedAt: now,
    })
    .where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
  await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
  await tx.delete(recruitmentTokens).where(eq(recruitmentTokens.userId, userId));
  if (account?.companyId && account.teamRole === 'admin') await keepAnAdmin(tx, account.companyId);
}

/** A team left without an admin: its longest-standing member becomes one. */
async function keepAnAdmin(tx: DbOrTx, companyId: number): Promise<void> {
  if ((await countTeamAdmins(tx, companyId)) > 0) return;
  const [eldest] = await teamOf(tx, companyId);
  if (eldest) await setTeamRole(tx, eldest.id, 'admin');
}
