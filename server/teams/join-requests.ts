import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne } from 'drizzle-orm';
import { ROUTES } from '../../common/routes.ts';
import { JOIN_REQUEST_CONFIRMATION_HOURS, type JoinRequestInput } from '../../common/team.ts';
import type { DbOrTx } from '../../db/client.ts';
import { companyJoinRequests } from '../../db/schema/teams.ts';
import {
  findUserByEmail,
  hashPassword,
  insertRecruiter,
  randomToken,
  sha256Hex,
  teamMemberOf,
  teamOf,
} from '../accounts/index.ts';
import { type CompanyRow, companyRowById, companyRowBySiret } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Subscriber } from '../kernel/events.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import { sealText, unsealText } from '../kernel/seal.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { enqueueMail } from '../mail/index.ts';
import { isOwnCompany } from '../permissions.ts';
import { actorOf, nameOf, publishTeamChange, teamAdmin } from './access.ts';
import { teamMails } from './mails.ts';

export interface JoinRequestRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  createdAt: Date;
}

/**
 * `Company.joinRequests`: the requests waiting for an answer, confirmed by their requester (API.md, fourth
 * wave), for the company's admins; empty for anyone else.
 */
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
    .where(waitingRequestsOf(company.id))
    .orderBy(desc(companyJoinRequests.createdAt), desc(companyJoinRequests.id));
}

const HOUR_MS = 3_600_000;

/**
 * Someone who typed an already registered SIRET at sign-up asks to join its team (PRODUCT.md, Teams): the
 * request keeps what was typed, and the requester is e-mailed a link to confirm the address (PRODUCT.md,
 * Who logs in where; docs/decisions/0099): nobody else hears of it before. A new request from the same
 * address replaces its earlier one not yet confirmed, and sends a new link; a confirmed one waits for the
 * new one's confirmation. NOT_FOUND for a SIRET no company on the platform has; `email_already_exists`.
 * Answers whether the company awaits validation, which the requester is told (docs/decisions/0082).
 */
export async function requestToJoinCompany(
  input: JoinRequestInput & { clientIp: string },
  deps: Deps,
): Promise<{ awaitingValidation: boolean }> {
  const now = deps.clock.now();
  await deps.rateLimiter.consume([`signup:ip:${input.clientIp}`], RATE_LIMITS.signUp, now);
  const company = await companyRowBySiret(deps.db, input.siret);
  if (!company || company.status === 'refused' || company.status === 'archived')
    throw new AppError('NOT_FOUND');
  const email = input.email.trim().toLowerCase();
  if (await findUserByEmail(deps.db, email)) throw new AppError('email_already_exists');
  const [passwordHash, passwordSealed] = await Promise.all([
    hashPassword(input.password),
    sealText(deps.config.JWT_SECRET, 'join-request', input.password),
  ]);
  const token = randomToken();
  await deps.db.transaction(async (tx) => {
    await tx
      .delete(companyJoinRequests)
      .where(
        and(
          eq(companyJoinRequests.companyId, company.id),
          eq(companyJoinRequests.email, email),
          isNull(companyJoinRequests.confirmedAt),
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
      tokenHash: sha256Hex(token),
      expiresAt: new Date(now.getTime() + JOIN_REQUEST_CONFIRMATION_HOURS * HOUR_MS),
      createdAt: now,
    });
    await enqueueMail(
      tx,
      teamMails.joinRequestConfirm,
      {
        to: email,
        data: {
          firstName: input.firstName,
          companyName: company.name,
          email,
          confirmUrl: `${deps.config.PUBLIC_URL}${ROUTES.confirmJoinRequest}?token=${encodeURIComponent(token)}`,
          expiresInHours: JOIN_REQUEST_CONFIRMATION_HOURS,
        },
      },
      now,
    );
  });
  return { awaitingValidation: company.status === 'pending' };
}

/** What a confirmation link's page shows: the request it confirms, and whether that is done. */
export interface JoinRequestLink {
  companyName: string;
  email: string;
  confirmed: boolean;
  /** The company awaits the operators' validation: its admins hear of the request once it is validated. */
  awaitingValidation: boolean;
}

/**
 * The request a confirmation link names while it may be confirmed (not answered, its hours not over, its
 * company on the platform), or once confirmed and not answered yet; null otherwise.
 */
export async function joinRequestLinkOf(token: string, deps: Deps) {
  const now = deps.clock.now();
  const [request] = await deps.db
    .select()
    .from(companyJoinRequests)
    .where(and(eq(companyJoinRequests.tokenHash, sha256Hex(token)), isNull(companyJoinRequests.answeredAt)))
    .limit(1);
  if (!request || (!request.confirmedAt && !(request.expiresAt && request.expiresAt > now))) return null;
  const company = await companyRowById(deps.db, request.companyId);
  if (company?.status !== 'validated' && company?.status !== 'pending') return null;
  const link: JoinRequestLink = {
    companyName: company.name,
    email: request.email,
    confirmed: request.confirmedAt !== null,
    awaitingValidation: company.status === 'pending',
  };
  return { request, company, link };
}

/**
 * The requester opened the e-mailed link and confirmed (docs/decisions/0099): the address is theirs, so the
 * request now reaches the company's admins, e-mailed at once, or once the company is validated
 * (`mailJoinRequestsOnValidation`); an earlier request of theirs to that company goes, this one replaces it.
 * A link confirmed already answers as done; `join_request_link_invalid` for an unknown, expired, replaced
 * or answered one.
 */
export async function confirmJoinRequest(input: { token: string }, deps: Deps): Promise<JoinRequestLink> {
  const found = await joinRequestLinkOf(input.token, deps);
  if (!found) throw new AppError('join_request_link_invalid');
  const { request, company, link } = found;
  if (link.confirmed) return link;
  const now = deps.clock.now();
  const admins = link.awaitingValidation ? [] : await adminsOf(deps.db, company.id);
  const requester = nameOf(request);
  await deps.db.transaction(async (tx) => {
    const confirmed = await tx
      .update(companyJoinRequests)
      .set({ confirmedAt: now })
      .where(
        and(
          eq(companyJoinRequests.id, request.id),
          isNull(companyJoinRequests.confirmedAt),
          isNull(companyJoinRequests.answeredAt),
          gt(companyJoinRequests.expiresAt, now),
        ),
      );
    // Two submissions of one link: the first confirms, the second finds it done.
    if (confirmed.rowsAffected !== 1) return;
    await tx
      .delete(companyJoinRequests)
      .where(
        and(
          eq(companyJoinRequests.companyId, company.id),
          eq(companyJoinRequests.email, request.email),
          isNull(companyJoinRequests.answeredAt),
          ne(companyJoinRequests.id, request.id),
        ),
      );
    const waiting = { requesterName: requester, requesterEmail: request.email };
    await mailJoinRequest(
      tx,
      { admins, companyName: company.name, request: waiting },
      deps.config.PUBLIC_URL,
      now,
    );
    await publishTeamChange(
      tx,
      deps,
      company,
      {
        action: 'team.joinRequested',
        actor: { id: null, name: requester },
        target: `${requester} (${request.email})`,
      },
      now,
    );
  });
  return { ...link, confirmed: true };
}

/**
 * The requests whose link was never opened, once their hours are over: deleted with the password they
 * hold, hashed and sealed (the `join-requests` job, hourly; docs/decisions/0099). Idempotent.
 */
export async function deleteUnconfirmedJoinRequests(deps: Deps): Promise<Record<string, number>> {
  const deleted = await deps.db
    .delete(companyJoinRequests)
    .where(
      and(isNull(companyJoinRequests.confirmedAt), lte(companyJoinRequests.expiresAt, deps.clock.now())),
    );
  return { deleted: deleted.rowsAffected };
}

const adminsOf = async (db: DbOrTx, companyId: number) =>
  (await teamOf(db, companyId)).filter((member) => member.role === 'admin');

/** Each admin is e-mailed a request, with the link to the team page where it is answered. */
async function mailJoinRequest(
  tx: DbOrTx,
  to: {
    admins: { email: string; firstName: string }[];
    companyName: string;
    request: { requesterName: string; requesterEmail: string };
  },
  publicUrl: string,
  now: Date,
) {
  for (const admin of to.admins) {
    const data = { firstName: admin.firstName, companyName: to.companyName, ...to.request };
    const teamUrl = `${publicUrl}${ROUTES.myTeam}`;
    await enqueueMail(
      tx,
      teamMails.joinRequestReceived,
      { to: admin.email, data: { ...data, teamUrl } },
      now,
    );
  }
}

/** A company's requests waiting for an answer: confirmed by their requester, not answered yet. */
const waitingRequestsOf = (companyId: number | number[]) =>
  and(
    Array.isArray(companyId)
      ? inArray(companyJoinRequests.companyId, companyId)
      : eq(companyJoinRequests.companyId, companyId),
    isNotNull(companyJoinRequests.confirmedAt),
    isNull(companyJoinRequests.answeredAt),
  );

/**
 * `company.statusChanged` pending → validated: the requests that waited for the validation are e-mailed to
 * the company's admins, who answer them on the team page as any other (docs/decisions/0082).
 */
export const mailJoinRequestsOnValidation: Subscriber<'company.statusChanged'> = {
  name: 'teams.mailJoinRequestsOnValidation',
  runs: 'inTransaction',
  async handle(tx, events, context) {
    for (const { companyId, from, to } of events) {
      if (from !== 'pending' || to !== 'validated') continue;
      const [company, requests, admins] = await Promise.all([
        companyRowById(tx, companyId),
        tx.select().from(companyJoinRequests).where(waitingRequestsOf(companyId)),
        adminsOf(tx, companyId),
      ]);
      for (const request of requests) {
        const waiting = { requesterName: nameOf(request), requesterEmail: request.email };
        const mail = { admins, companyName: company?.name ?? '', request: waiting };
        await mailJoinRequest(tx, mail, context.publicUrl, context.now);
      }
    }
  },
};

/** The operators' validation card: how many confirmed requests to join wait, by company (none: absent). */
export async function waitingJoinRequestCounts(
  db: DbOrTx,
  companyIds: number[],
): Promise<Map<number, number>> {
  if (companyIds.length === 0) return new Map();
  const rows = await db
    .select({ companyId: companyJoinRequests.companyId, count: count() })
    .from(companyJoinRequests)
    .where(waitingRequestsOf(companyIds))
    .groupBy(companyJoinRequests.companyId);
  return new Map(rows.map((row) => [row.companyId, row.count]));
}

/**
 * A company admin answers a join request: accepted, the colleague's account is created on the recruitment
 * site (`cannot_create_ir_recruiter` leaves the request waiting) and here as a member; either way they are
 * e-mailed, and the sealed password is wiped. NOT_FOUND for another company's request, one answered or one
 * its requester has not confirmed (docs/decisions/0099).
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
    .where(and(eq(companyJoinRequests.id, input.id), waitingRequestsOf(company.id)))
    .limit(1);
  if (!request) throw new AppError('NOT_FOUND');
  const requester = nameOf(request);
  if (input.accept) {
    if (await findUserByEmail(deps.db, request.email)) throw new AppError('email_already_exists');
    const password = request.passwordSealed
      ? await unsealText(deps.config.JWT_SECRET, 'join-request', request.passwordSealed)
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
      input.accept ? teamMails.joinRequestAccepted : teamMails.joinRequestRefused,
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
