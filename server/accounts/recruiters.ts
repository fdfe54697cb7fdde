import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/accounts.ts';
import type { Deps } from '../kernel/context.ts';

/** A company's recruiter account, written with its company at sign-up. */
export async function insertRecruiter(
  tx: DbOrTx,
  values: Omit<typeof users.$inferInsert, 'kind'> & { companyId: number },
): Promise<void> {
  await tx.insert(users).values({ ...values, kind: 'recruiter' });
}

/** The sessions of these users end (their company left the platform). */
export async function endSessionsOf(tx: DbOrTx, userIds: number[]): Promise<void> {
  if (userIds.length > 0) await tx.delete(sessions).where(inArray(sessions.userId, userIds));
}

/**
 * Their refresh tokens at the recruitment site end too, where the site allows it (ports/recruitment-site.ts).
 * Called once the change is committed: the built-in site writes through the database handle, which a
 * transaction of the same process holds. A site that cannot be reached only delays it: its tokens expire,
 * and the platform refuses to refresh them for a company that left (companies/login.ts).
 */
export async function revokeRecruitmentAccess(deps: Deps, recruiters: { email: string }[]): Promise<void> {
  for (const recruiter of recruiters) {
    try {
      await deps.recruitmentSite.revokeAll(recruiter.email);
    } catch (error) {
      deps.log.warn('recruitment site tokens not revoked', { error: String(error) });
    }
  }
}
