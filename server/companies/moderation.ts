import { and, asc, desc, eq, gt, inArray, isNull, ne, notInArray } from 'drizzle-orm';
import type { CompanyStatus } from '../../common/constants.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { companies, meetings, sessions, slots, users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/index.ts';
import type { CompanyRow } from './queries.ts';

/** The reason given to teachers whose booking disappears with its company. */
export const COMPANY_GONE_REASON = "L'entreprise n'est plus présente sur la plateforme";

export interface ModerationDeps {
  db: Db;
  now: Date;
  publicUrl: string;
}

export interface CompanyContact {
  name: string | null;
  email: string | null;
  phone: string | null;
}

/** Companies awaiting validation, oldest first: the operators' queue. */
export function listPendingCompanies(db: DbOrTx): Promise<CompanyRow[]> {
  return db
    .select()
    .from(companies)
    .where(eq(companies.status, 'pending'))
    .orderBy(asc(companies.createdAt), asc(companies.id));
}

/** The last validated companies, most recent first. */
export function listRecentlyValidatedCompanies(db: DbOrTx, limit: number): Promise<CompanyRow[]> {
  return db
    .select()
    .from(companies)
    .where(eq(companies.status, 'validated'))
    .orderBy(desc(companies.validatedAt), desc(companies.id))
    .limit(limit);
}

/**
 * Whom to reach at a company: the contact of its profile, else (a company that has not filled it in)
 * its first recruiter.
 */
export async function companyContact(db: DbOrTx, company: CompanyRow): Promise<CompanyContact> {
  if (company.contactName || company.contactEmail) {
    return { name: company.contactName, email: company.contactEmail, phone: company.contactPhone };
  }
  const [recruiter] = await activeRecruiters(db, company.id);
  if (!recruiter) return { name: null, email: null, phone: null };
  return {
    name: `${recruiter.firstName} ${recruiter.lastName}`,
    email: recruiter.email,
    phone: recruiter.phone,
  };
}

/** pending → validated; each recruiter is told they can log in. */
export function validateCompany(deps: ModerationDeps, id: number): Promise<CompanyRow> {
  return deps.db.transaction(async (tx) => {
    const company = await changeStatus(tx, id, 'pending', {
      status: 'validated',
      statusReason: null,
      validatedAt: deps.now,
    });
    for (const recruiter of await activeRecruiters(tx, id)) {
      await enqueueMail(
        tx,
        {
          template: 'companyValidated',
          to: recruiter.email,
          data: {
            firstName: recruiter.firstName,
            companyName: company.name,
            loginUrl: `${deps.publicUrl}/login-company`,
          },
        },
        deps.now,
      );
    }
    return company;
  });
}

/** pending → refused, with the operators' reason, which the recruiters receive. */
export function refuseCompany(deps: ModerationDeps, id: number, reason: string | null): Promise<CompanyRow> {
  return deps.db.transaction(async (tx) => {
    const company = await changeStatus(tx, id, 'pending', { status: 'refused', statusReason: reason });
    const recruiters = await activeRecruiters(tx, id);
    for (const recruiter of recruiters) {
      await enqueueMail(
        tx,
        {
          template: 'companyRefused',
          to: recruiter.email,
          data: { firstName: recruiter.firstName, companyName: company.name, reason },
        },
        deps.now,
      );
    }
    await removeFromPlatform(tx, deps, company, recruiters);
    return company;
  });
}

/** validated → archived: the company leaves the platform and its recruiters are told. */
export function archiveCompany(deps: ModerationDeps, id: number): Promise<CompanyRow> {
  return deps.db.transaction(async (tx) => {
    const company = await changeStatus(tx, id, 'validated', { status: 'archived', statusReason: null });
    const recruiters = await activeRecruiters(tx, id);
    for (const recruiter of recruiters) {
      await enqueueMail(
        tx,
        {
          template: 'companyArchived',
          to: recruiter.email,
          data: { firstName: recruiter.firstName, companyName: company.name },
        },
        deps.now,
      );
    }
    await removeFromPlatform(tx, deps, company, recruiters);
    return company;
  });
}

/**
 * The conditional update is the transition's check: of two operators acting at once, only the first
 * still finds the status it expects.
 */
async function changeStatus(
  tx: DbOrTx,
  id: number,
  from: CompanyStatus,
  set: Partial<typeof companies.$inferInsert>,
): Promise<CompanyRow> {
  const [company] = await tx
    .update(companies)
    .set(set)
    .where(and(eq(companies.id, id), eq(companies.status, from)))
    .returning();
  if (company) return company;
  const [existing] = await tx
    .select({ status: companies.status })
    .from(companies)
    .where(eq(companies.id, id))
    .limit(1);
  if (!existing) throw new AppError('NOT_FOUND');
  throw new AppError('invalid_company_status', { extensions: { status: existing.status } });
}

function activeRecruiters(db: DbOrTx, companyId: number) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.kind, 'recruiter'), isNull(users.anonymizedAt)))
    .orderBy(asc(users.id));
}

/**
 * A company that is refused or archived offers no future slot (docs/decisions/0007: every available slot
 * belongs to a validated company): the live bookings are cancelled and their teachers told; a future slot
 * that had bookings is kept closed (no seat: never available again) so that the teachers keep the
 * cancelled meeting in their history; the others are deleted. Past slots stay, with their meetings and
 * feedback. Its recruiters' sessions end with it.
 */
async function removeFromPlatform(
  tx: DbOrTx,
  deps: ModerationDeps,
  company: CompanyRow,
  recruiters: { id: number }[],
): Promise<void> {
  const future = and(eq(slots.companyId, company.id), gt(slots.startsAt, deps.now));
  const bookings = await tx
    .select({
      id: meetings.id,
      startsAt: slots.startsAt,
      timeZone: slots.timeZone,
      email: users.email,
      firstName: users.firstName,
    })
    .from(meetings)
    .innerJoin(slots, eq(slots.id, meetings.slotId))
    .innerJoin(users, eq(users.id, meetings.teacherId))
    .where(and(future, ne(meetings.status, 'cancelled')))
    .orderBy(asc(slots.startsAt), asc(meetings.id));

  if (bookings.length > 0) {
    await tx
      .update(meetings)
      .set({ status: 'cancelled', cancelReason: COMPANY_GONE_REASON, cancelledAt: deps.now })
      .where(
        inArray(
          meetings.id,
          bookings.map((b) => b.id),
        ),
      );
  }
  for (const booking of bookings) {
    await enqueueMail(
      tx,
      {
        template: 'meetingCancelledByPlatform',
        to: booking.email,
        data: {
          firstName: booking.firstName,
          companyName: company.name,
          startsAt: booking.startsAt.toISOString(),
          timeZone: booking.timeZone,
          reason: COMPANY_GONE_REASON,
          searchUrl: `${deps.publicUrl}/search-companies`,
        },
      },
      deps.now,
    );
  }
  const booked = tx.select({ id: meetings.slotId }).from(meetings);
  await tx
    .update(slots)
    .set({ seatsTaken: 0, maxParticipants: 0 })
    .where(and(future, inArray(slots.id, booked)));
  await tx.delete(slots).where(and(future, notInArray(slots.id, booked)));
  if (recruiters.length > 0) {
    await tx.delete(sessions).where(
      inArray(
        sessions.userId,
        recruiters.map((r) => r.id),
      ),
    );
  }
}
