import type { TeamRole } from '../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type TeamMemberRow, teamMemberOf } from '../accounts/index.ts';
import { type CompanyRow, companyRowById } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { EventPayloads, TeamAuditAction } from '../kernel/events.ts';
import type { Recruiter, Viewer } from '../kernel/viewer.ts';
import { requireRecruiter, requireTeamAdmin } from '../permissions.ts';

/** Each role in a sentence of the team's history. */
export const ROLE_WORDS: Record<TeamRole, string> = { admin: 'administrateur', member: 'membre' };

/** The caller as a member of their company's team (null when they are not one), with the company. */
export async function teamOfCaller(viewer: Viewer | null, deps: Deps) {
  const recruiter = requireRecruiter(viewer);
  const [me, company] = await Promise.all([
    teamMemberOf(deps.db, recruiter.companyId, recruiter.id),
    companyRowById(deps.db, recruiter.companyId),
  ]);
  if (!company) throw new AppError('FORBIDDEN');
  return { recruiter, me, company };
}

/** The caller, an admin of their company's team: FORBIDDEN for a member (docs/decisions/0049). */
export async function teamAdmin(viewer: Viewer | null, deps: Deps) {
  const caller = await teamOfCaller(viewer, deps);
  requireTeamAdmin(caller.me);
  return caller as typeof caller & { me: TeamMemberRow };
}

export function publishTeamChange(
  tx: DbOrTx,
  deps: Deps,
  company: CompanyRow,
  change: {
    action: TeamAuditAction;
    actor: EventPayloads['company.teamChanged']['actor'];
    target: string;
    details?: string | null;
  },
  now: Date,
) {
  return deps.events.publish(
    tx,
    'company.teamChanged',
    {
      companyId: company.id,
      companyName: company.name,
      departmentCode: company.departmentCode,
      action: change.action,
      actor: change.actor,
      target: change.target,
      details: change.details ?? null,
    },
    now,
  );
}

export const actorOf = (recruiter: Recruiter) => ({
  id: recruiter.id,
  name: `${recruiter.firstName} ${recruiter.lastName}`,
});
export const nameOf = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`;
