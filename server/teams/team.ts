import type { TeamRole } from '../../common/constants.ts';
import { compareFrench } from '../../common/text.ts';
import {
  countTeamAdmins,
  detachRecruiter,
  revokeRecruitmentAccess,
  setTeamRole,
  type TeamMemberRow,
  teamMemberOf,
  teamOf,
} from '../accounts/index.ts';
import type { CompanyRow } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { enqueueMail } from '../mail/index.ts';
import { isOwnCompany, mayRemoveFromTeam } from '../permissions.ts';
import { actorOf, nameOf, publishTeamChange, ROLE_WORDS, teamAdmin, teamOfCaller } from './access.ts';
import { pendingInvitationsFor } from './invitations.ts';
import { joinRequestsFor } from './join-requests.ts';
import { teamMails } from './mails.ts';

/** `Company.team`: its own recruiters see it; anyone else gets an empty list, as for its other private data. */
export function companyTeamFor(
  viewer: Viewer | null,
  company: CompanyRow,
  deps: Deps,
): Promise<TeamMemberRow[]> {
  return isOwnCompany(viewer, company.id) ? teamOf(deps.db, company.id) : Promise.resolve([]);
}

/**
 * The caller's team as the slot form offers it for the speaker (issue 21): each member's details, in French
 * order; empty for anyone but a recruiter. The typed way stays: a speaker needs no account.
 */
export async function teamSpeakersFor(viewer: Viewer | null, deps: Deps): Promise<TeamSpeaker[]> {
  if (viewer?.kind !== 'recruiter' || !viewer.companyId) return [];
  const members = await teamOf(deps.db, viewer.companyId);
  return members
    .map((member) => ({
      name: member.lastName,
      firstname: member.firstName,
      email: member.email,
      phone: member.phone ?? '',
      role: member.jobTitle ?? '',
    }))
    .sort((a, b) => compareFrench(`${a.name} ${a.firstname}`, `${b.name} ${b.firstname}`));
}

/** A member of the team as a slot's speaker (the slot form's fields). */
export interface TeamSpeaker {
  name: string;
  firstname: string;
  email: string;
  phone: string;
  role: string;
}

/** The team page as its caller sees it: the members, and for an admin the invitations and requests. */
export async function myTeam(viewer: Viewer | null, deps: Deps) {
  const { me, company } = await teamOfCaller(viewer, deps);
  const [members, invitations, requests] = await Promise.all([
    teamOf(deps.db, company.id),
    pendingInvitationsFor(viewer, deps),
    joinRequestsFor(viewer, company, deps),
  ]);
  return { company, me, members, invitations, requests };
}

/** A company admin changes a member's role; the last admin cannot become a member (`last_admin`). */
export async function setRecruiterRole(
  viewer: Viewer | null,
  input: { userId: number; role: TeamRole },
  deps: Deps,
): Promise<TeamMemberRow> {
  const { recruiter, company } = await teamAdmin(viewer, deps);
  const target = await teamMemberOf(deps.db, company.id, input.userId);
  if (!target) throw new AppError('NOT_FOUND');
  if (target.role === input.role) return target;
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (target.role === 'admin' && (await countTeamAdmins(tx, company.id)) <= 1)
      throw new AppError('last_admin');
    await setTeamRole(tx, target.id, input.role);
    await publishTeamChange(
      tx,
      deps,
      company,
      {
        action: 'team.roleChanged',
        actor: actorOf(recruiter),
        target: `${nameOf(target)} (${target.email})`,
        details: `${ROLE_WORDS[target.role]} → ${ROLE_WORDS[input.role]}`,
      },
      now,
    );
  });
  return { ...target, role: input.role };
}

/**
 * A company admin removes a member, or a member leaves (PRODUCT.md, Teams): the account belongs to no company
 * any more and its sessions end now, its access to the recruitment site too; the slots and meetings stay the
 * company's. The last admin can neither leave nor be removed (`last_admin`). A removed member (not who leaves)
 * is e-mailed what they lose and whom to ask (docs/decisions/0082).
 */
export async function removeRecruiter(
  viewer: Viewer | null,
  input: { userId: number },
  deps: Deps,
): Promise<void> {
  const { recruiter, me, company } = await teamOfCaller(viewer, deps);
  if (!mayRemoveFromTeam(me, input.userId)) throw new AppError('FORBIDDEN');
  const target = await teamMemberOf(deps.db, company.id, input.userId);
  if (!target) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    if (target.role === 'admin' && (await countTeamAdmins(tx, company.id)) <= 1)
      throw new AppError('last_admin');
    await detachRecruiter(tx, target.id);
    if (target.id !== recruiter.id && me) {
      const removedBy = { removedByName: nameOf(me), removedByEmail: me.email };
      const data = { firstName: target.firstName, companyName: company.name, ...removedBy };
      await enqueueMail(tx, teamMails.teamMemberRemoved, { to: target.email, data }, now);
    }
    await publishTeamChange(
      tx,
      deps,
      company,
      {
        action: 'team.removed',
        actor: actorOf(recruiter),
        target: `${nameOf(target)} (${target.email})`,
        details: target.id === recruiter.id ? 'A quitté l’équipe' : null,
      },
      now,
    );
  });
  await revokeRecruitmentAccess(deps, [target]);
}
