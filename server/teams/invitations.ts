import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { TeamRole } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { recruiterInvitations } from '../../db/schema/teams.ts';
import {
  findUserByEmail,
  findUserById,
  hashPassword,
  insertRecruiter,
  randomToken,
  sha256Hex,
  type UserRow,
} from '../accounts/index.ts';
import { companyRowById } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { enqueueMail } from '../mail/index.ts';
import { actorOf, nameOf, publishTeamChange, ROLE_WORDS, teamAdmin, teamOfCaller } from './access.ts';
import { teamMails } from './mails.ts';

/** An invitation gives the colleague a week to join (PRODUCT.md, Teams). */
export const TEAM_INVITATION_LIFETIME_DAYS = 7;
const DAY_MS = 86_400_000;

export interface PendingInvitation {
  id: number;
  email: string;
  role: TeamRole;
  expiresAt: Date;
  createdAt: Date;
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
      teamMails.recruiterInvitation,
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
        details: `Rôle : ${ROLE_WORDS[input.role]}`,
      },
      now,
    );
  });
}

/**
 * A company admin withdraws an invitation not yet accepted (docs/decisions/0082): the row goes, so its link
 * answers `invitation_invalid`; audited. NOT_FOUND for another company's, an accepted or an unknown one.
 */
export async function withdrawInvitation(
  viewer: Viewer | null,
  input: { id: number },
  deps: Deps,
): Promise<void> {
  const { recruiter, company } = await teamAdmin(viewer, deps);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const [withdrawn] = await tx
      .delete(recruiterInvitations)
      .where(
        and(
          eq(recruiterInvitations.id, input.id),
          eq(recruiterInvitations.companyId, company.id),
          isNull(recruiterInvitations.usedAt),
        ),
      )
      .returning({ email: recruiterInvitations.email });
    if (!withdrawn) throw new AppError('NOT_FOUND');
    await publishTeamChange(
      tx,
      deps,
      company,
      { action: 'team.invitationWithdrawn', actor: actorOf(recruiter), target: withdrawn.email },
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
    })
    .from(recruiterInvitations)
    .where(
      and(
        eq(recruiterInvitations.tokenHash, sha256Hex(token)),
        isNull(recruiterInvitations.usedAt),
        gt(recruiterInvitations.expiresAt, deps.clock.now()),
      ),
    )
    .limit(1);
  if (!row) return null;
  // Only a company on the platform takes new members; an address with an account is someone already known.
  const company = await companyRowById(deps.db, row.companyId);
  if (company?.status !== 'validated') return null;
  if (await findUserByEmail(deps.db, row.email)) return null;
  return { ...row, companyName: company.name };
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
  const company = await companyRowById(deps.db, invitation.companyId);
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
        details: `Rôle : ${ROLE_WORDS[invitation.role]}`,
      },
      now,
    );
    return id;
  });
  const user = await findUserById(deps.db, userId);
  if (!user) throw new Error('recruiter not found after joining');
  return user;
}
