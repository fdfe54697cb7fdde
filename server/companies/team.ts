import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { TeamRole } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import type { JoinRequestInput } from '../../common/team.ts';
import { compareFrench } from '../../common/text.ts';
import type { DbOrTx } from '../../db/client.ts';
import { companies, companyJoinRequests, recruiterInvitations } from '../../db/schema/companies.ts';
import {
  countTeamAdmins,
  detachRecruiter,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertRecruiter,
  randomToken,
  revokeRecruitmentAccess,
  setTeamRole,
  sha256Hex,
  type TeamMemberRow,
  teamMemberOf,
  teamOf,
  type UserRow,
} from '../accounts/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { EventPayloads, TeamAuditAction } from '../kernel/events.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import type { Recruiter, Viewer } from '../kernel/viewer.ts';
import { enqueueMail } from '../mail/index.ts';
import { isOwnCompany, mayRemoveFromTeam, requireRecruiter, requireTeamAdmin } from '../permissions.ts';
import { companyMails } from './mails.ts';
import type { CompanyRow } from './queries.ts';
import { sealText, unsealText } from './seal.ts';
import { findCompanyById } from './views.ts';

/** An invitation gives the colleague a week to join (PRODUCT.md, Teams). */
export const TEAM_INVITATION_LIFETIME_DAYS = 7;
const DAY_MS = 86_400_000;

const ROLE_WORDS: Record<TeamRole, string> = { admin: 'administrateur', member: 'membre' };

export interface JoinRequestRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  createdAt: Date;
}

export interface PendingInvitation {
  id: number;
  email: string;
  role: TeamRole;
  expiresAt: Date;
  createdAt: Date;
}

/** The caller as a member of their company's team (null when they are not one), with the company. */
async function teamOfCaller(viewer: Viewer | null, deps: Deps) {
  const recruiter = requireRecruiter(viewer);
  const [me, company] = await Promise.all([
    teamMemberOf(deps.db, recruiter.companyId, recruiter.id),
    findCompanyById(deps.db, recruiter.companyId),
  ]);
  if (!company) throw new AppError('FORBIDDEN');
  return { recruiter, me, company };
}

/** The caller, an admin of their company's team: FORBIDDEN for a member (docs/decisions/0049). */
async function teamAdmin(viewer: Viewer | null, deps: Deps) {
  const caller = await teamOfCaller(viewer, deps);
  requireTeamAdmin(caller.me);
  return caller as typeof caller & { me: TeamMemberRow };
}

function publishTeamChange(
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

const actorOf = (recruiter: Recruiter) => ({
  id: recruiter.id,
  name: `${recruiter.firstName} ${recruiter.lastName}`,
});
const nameOf = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`;

/** `Company.team`: its own recruiters see it; anyone else gets an empty list, as for its other private data. */
export function companyTeamFor(
  viewer: Viewer | null,
  company: CompanyRow,
  deps: Deps,
): Promise<TeamMemberRow[]> {
  return isOwnCompany(viewer, company.id) ? teamOf(deps.db, company.id) : Promise.resolve([]);
}

/** `Company.joinRequests`: the requests waiting for an answer, for the company's admins; empty for anyone else. */
export async function joinRequestsFor(
  viewer: Viewer | null,
  company: CompanyRow,
  deps: Deps,
): Promise<JoinRequestRow[]> {
  if (!isOwnCompany(viewer, company.id) || !viewer) return [];
  const me = await teamMemberOf(deps.db, company.id, viewer.id);
  if (me?.role !== 'admin') return [];
  return deps.db
    .select({
      id: companyJoinRequests.id,
      firstName: companyJoinRequests.firstName,
      lastName: companyJoinRequests.lastName,
      email: companyJoinRequests.email,
      phone: companyJoinRequests.phone,
      createdAt: companyJoinRequests.createdAt,
    })
    .from(companyJoinRequests)
    .where(and(eq(companyJoinRequests.companyId, company.id), isNull(companyJoinRequests.answeredAt)))
    .orderBy(desc(companyJoinRequests.createdAt), desc(companyJoinRequests.id));
}

/** The invitations of the caller's company still waiting (the team page, its admins only; empty otherwise). */
export async function pendingInvitationsFor(viewer: Viewer | null, deps: Deps): Promise<PendingInvitation[]> {
  const { me, company } = await teamOfCaller(viewer, deps);
  if (me?.role !== 'admin') return [];
  return deps.db
    .select({
      id: recruiterInvitations.id,
      email: recruiterInvitations.email,
      role: recruiterInvitations.role,
      expiresAt: recruiterInvitations.expiresAt,
      createdAt: recruiterInvitations.createdAt,
    })
    .from(recruiterInvitations)
    .where(
      and(
        eq(recruiterInvitations.companyId, company.id),
        isNull(recruiterInvitations.usedAt),
        gt(recruiterInvitations.expiresAt, deps.clock.now()),
      ),
    )
    .orderBy(desc(recruiterInvitations.createdAt), desc(recruiterInvitations.id));
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

/**
 * A company admin invites a colleague by e-mail (PRODUCT.md, Teams): a single-use link valid 7 days, stored
 * hashed; inviting the same address again replaces the older link. An address that already has an account
 * cannot be invited (`email_already_exists`).
 */
export async function inviteRecruiter(
  viewer: Viewer | null,
  input: { email: string; role: TeamRole },
  deps: Deps,
): Promise<void> {
  const { recruiter, company } = await teamAdmin(viewer, deps);
  const now = deps.clock.now();
  await deps.rateLimiter.consume([`team-invite:user:${recruiter.id}`], RATE_LIMITS.signUp, now);
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(deps.db, email)) throw new AppError('email_already_exists');
  const token = randomToken();
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(recruiterInvitations)
      .where(
        and(
          eq(recruiterInvitations.companyId, company.id),
          eq(recruiterInvitations.email, email),
          isNull(recruiterInvitations.usedAt),
        ),
      );
    await tx.insert(recruiterInvitations).values({
      companyId: company.id,
      email,
      role: input.role,
      tokenHash: sha256Hex(token),
      invitedBy: recruiter.id,
      expiresAt: new Date(now.getTime() + TEAM_INVITATION_LIFETIME_DAYS * DAY_MS),
      createdAt: now,
    });
    await enqueueMail(
      tx,
      companyMails.recruiterInvitation,
      {
        to: email,
        data: {
          companyName: company.name,
          inviterName: nameOf(recruiter),
          acceptUrl: `${deps.config.PUBLIC_URL}${ROUTES.joinTeam}?token=${encodeURIComponent(token)}`,
          expiresInDays: TEAM_INVITATION_LIFETIME_DAYS,
        },
      },
      now,
    );
    await publishTeamChange(
      tx,
      deps,
      company,
      {
        action: 'team.invited',
        actor: actorOf(recruiter),
        target: email,
        details: `Rôle : ${ROLE_WORDS[input.role]}`,
      },
      now,
    );
  });
}

/** The invitation a link carries while it may still be accepted: its company and address; null otherwise. */
export async function invitationOf(token: string, deps: Deps) {
  const [row] = await deps.db
    .select({
      id: recruiterInvitations.id,
      email: recruiterInvitations.email,
      role: recruiterInvitations.role,
      companyId: recruiterInvitations.companyId,
      companyName: companies.name,
      companyStatus: companies.status,
    })
    .from(recruiterInvitations)
    .innerJoin(companies, eq(companies.id, recruiterInvitations.companyId))
    .where(
      and(
        eq(recruiterInvitations.tokenHash, sha256Hex(token)),
        isNull(recruiterInvitations.usedAt),
        gt(recruiterInvitations.expiresAt, deps.clock.now()),
      ),
    )
    .limit(1);
  // Only a company on the platform takes new members; an address with an account is someone already known.
  if (row?.companyStatus !== 'validated') return null;
  if (await findUserByEmail(deps.db, row.email)) return null;
  return row;
}

/**
 * The colleague accepts from the e-mail's link: the account is created on the recruitment site as at sign-up
 * (`cannot_create_ir_recruiter` when it refuses, nothing written here then), then here with the role the
 * admin chose, the link spent in the same write. `invitation_invalid` for an unknown, used or expired link,
 * a company that left, or an address that has an account meanwhile. The caller opens the session.
 */
export async function acceptRecruiterInvitation(
  input: { token: string; firstName: string; lastName: string; password: string; phone?: string | undefined },
  deps: Deps,
): Promise<UserRow> {
  const invitation = await invitationOf(input.token, deps);
  if (!invitation) throw new AppError('invitation_invalid');
  const company = await findCompanyById(deps.db, invitation.companyId);
  if (!company) throw new AppError('invitation_invalid');
  await deps.recruitmentSite.createRecruiter({
    email: invitation.email,
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
    companySiret: company.siret,
  });
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const userId = await deps.db.transaction(async (tx) => {
    const spent = await tx
      .update(recruiterInvitations)
      .set({ usedAt: now })
      .where(and(eq(recruiterInvitations.id, invitation.id), isNull(recruiterInvitations.usedAt)));
    // Two submissions of one link: the first spends it.
    if (spent.rowsAffected !== 1) throw new AppError('invitation_invalid');
    const id = await insertRecruiter(tx, {
      email: invitation.email,
      passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? null,
      departmentCode: company.departmentCode,
      companyId: company.id,
      teamRole: invitation.role,
      createdAt: now,
    });
    await publishTeamChange(
      tx,
      deps,
      company,
      {
        action: 'team.joined',
        actor: { id, name: nameOf(input) },
        target: `${nameOf(input)} (${invitation.email})`,
        details: `Rôle : ${ROLE_WORDS[invitation.role]}`,
      },
      now,
    );
    return id;
  });
  const user = await findUserById(deps.db, userId);
  if (!user) throw new Error('recruiter not found after joining');
  return user;
}

/**
 * Someone who typed an already registered SIRET at sign-up asks to join its team (PRODUCT.md, Teams): the
 * request keeps what was typed, the company's admins are e-mailed. A new request from the same address
 * replaces its earlier one. NOT_FOUND for a SIRET no company on the platform has; `email_already_exists`.
 */
export async function requestToJoinCompany(input: JoinRequestInput & { clientIp: string }, deps: Deps) {
  const now = deps.clock.now();
  await deps.rateLimiter.consume([`signup:ip:${input.clientIp}`], RATE_LIMITS.signUp, now);
  const [company] = await deps.db.select().from(companies).where(eq(companies.siret, input.siret)).limit(1);
  if (!company || company.status === 'refused' || company.status === 'archived')
    throw new AppError('NOT_FOUND');
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(deps.db, email)) throw new AppError('email_already_exists');
  const [passwordHash, passwordSealed] = await Promise.all([
    hashPassword(input.password),
    sealText(deps.config.JWT_SECRET, input.password),
  ]);
  const admins = (await teamOf(deps.db, company.id)).filter((member) => member.role === 'admin');
  const requester = nameOf(input);
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(companyJoinRequests)
      .where(
        and(
          eq(companyJoinRequests.companyId, company.id),
          eq(companyJoinRequests.email, email),
          isNull(companyJoinRequests.answeredAt),
        ),
      );
    await tx.insert(companyJoinRequests).values({
      companyId: company.id,
      email,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? null,
      passwordHash,
      passwordSealed,
      createdAt: now,
    });
    for (const admin of admins) {
      await enqueueMail(
        tx,
        companyMails.joinRequestReceived,
        {
          to: admin.email,
          data: {
            firstName: admin.firstName,
            companyName: company.name,
            requesterName: requester,
            requesterEmail: email,
            teamUrl: `${deps.config.PUBLIC_URL}${ROUTES.myTeam}`,
          },
        },
        now,
      );
    }
    await publishTeamChange(
      tx,
      deps,
      company,
      {
        action: 'team.joinRequested',
        actor: { id: null, name: requester },
        target: `${requester} (${email})`,
      },
      now,
    );
  });
}

/**
 * A company admin answers a join request: accepted, the colleague's account is created on the recruitment
 * site (`cannot_create_ir_recruiter` leaves the request waiting) and here as a member; either way they are
 * e-mailed, and the sealed password is wiped. NOT_FOUND for another company's request or one answered.
 */
export async function answerJoinRequest(
  viewer: Viewer | null,
  input: { id: number; accept: boolean },
  deps: Deps,
): Promise<void> {
  const { recruiter, company } = await teamAdmin(viewer, deps);
  const [request] = await deps.db
    .select()
    .from(companyJoinRequests)
    .where(
      and(
        eq(companyJoinRequests.id, input.id),
        eq(companyJoinRequests.companyId, company.id),
        isNull(companyJoinRequests.answeredAt),
      ),
    )
    .limit(1);
  if (!request) throw new AppError('NOT_FOUND');
  const requester = nameOf(request);
  if (input.accept) {
    if (await findUserByEmail(deps.db, request.email)) throw new AppError('email_already_exists');
    const password = request.passwordSealed
      ? await unsealText(deps.config.JWT_SECRET, request.passwordSealed)
      : null;
    if (password === null) throw new AppError('NOT_FOUND');
    await deps.recruitmentSite.createRecruiter({
      email: request.email,
      password,
      firstName: request.firstName,
      lastName: request.lastName,
      companySiret: company.siret,
    });
  }
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const answered = await tx
      .update(companyJoinRequests)
      .set({ answeredAt: now, accepted: input.accept, answeredBy: recruiter.id, passwordSealed: null })
      .where(and(eq(companyJoinRequests.id, request.id), isNull(companyJoinRequests.answeredAt)));
    if (answered.rowsAffected !== 1) throw new AppError('NOT_FOUND');
    if (input.accept) {
      await insertRecruiter(tx, {
        email: request.email,
        passwordHash: request.passwordHash,
        firstName: request.firstName,
        lastName: request.lastName,
        phone: request.phone,
        departmentCode: company.departmentCode,
        companyId: company.id,
        teamRole: 'member',
        createdAt: now,
      });
    }
    await enqueueMail(
      tx,
      input.accept ? companyMails.joinRequestAccepted : companyMails.joinRequestRefused,
      {
        to: request.email,
        data: {
          firstName: request.firstName,
          companyName: company.name,
          loginUrl: input.accept ? `${deps.config.PUBLIC_URL}${ROUTES.loginCompany}` : null,
        },
      },
      now,
    );
    await publishTeamChange(
      tx,
      deps,
      company,
      {
        action: input.accept ? 'team.joinAccepted' : 'team.joinRefused',
        actor: actorOf(recruiter),
        target: `${requester} (${request.email})`,
      },
      now,
    );
  });
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
 * company's. The last admin can neither leave nor be removed (`last_admin`).
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
    await publishTeamChange(
      tx,
      deps,
      company,
      {
        action: 'team.removed',
        actor: actorOf(recruiter),
        target: `${nameOf(target)} (${target.email})`,
        details: target.id === recruiter.id ? "A quitté l'équipe" : null,
      },
      now,
    );
  });
  await revokeRecruitmentAccess(deps, [target]);
}
