import { inArray } from 'drizzle-orm';
import { leavesPlatform, type TeamRole } from '../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/accounts.ts';
import type { Deps } from '../kernel/context.ts';
import type { Subscriber } from '../kernel/events.ts';
import { recruitersOf } from './users.ts';

/**
 * A company's recruiter account: written with its company at sign-up (its admin), or when a colleague joins
 * its team (an invitation accepted, a join request accepted). Its id.
 */
export async function insertRecruiter(
  tx: DbOrTx,
  values: Omit<typeof users.$inferInsert, 'kind'> & { companyId: number; teamRole: TeamRole },
): Promise<number> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, kind: 'recruiter' })
    .returning({ id: users.id });
  if (!row) throw new Error('recruiter not inserted');
  return row.id;
}

/** `company.statusChanged` → the sessions of a company's recruiters end when it leaves the platform. */
export const endSessionsOfCompanyThatLeft: Subscriber<'company.statusChanged'> = {
  name: 'accounts.endSessionsOfCompanyThatLeft',
  runs: 'inTransaction',
  async handle(tx, events) {
    for (const { companyId, to } of events) {
      if (!leavesPlatform(to)) continue;
      const recruiters = await recruitersOf(tx, companyId);
      if (recruiters.length === 0) continue;
      await tx.delete(sessions).where(
        inArray(
          sessions.userId,
          recruiters.map((recruiter) => recruiter.id),
        ),
      );
    }
  },
};

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
