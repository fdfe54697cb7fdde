import { and, desc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { articles, contactMessages, establishments, slots, users } from '../../db/schema.ts';
import { companyContact } from '../companies/index.ts';
import { AppError } from '../errors.ts';
import { enqueueMail } from '../mail/index.ts';
import type { JobOffer, RecruitmentSite } from '../ports/recruitment-site.ts';
import type { CompanyRow } from './search.ts';

/** A company's published news, latest first. */
export function companyNews(db: DbOrTx, companyId: number, now: Date, limit = 10) {
  return db
    .select({
      id: articles.id,
      title: articles.title,
      summary: articles.summary,
      body: articles.body,
      publishedAt: articles.publishedAt,
    })
    .from(articles)
    .where(
      and(eq(articles.companyId, companyId), isNotNull(articles.publishedAt), lte(articles.publishedAt, now)),
    )
    .orderBy(desc(articles.publishedAt), desc(articles.id))
    .limit(limit);
}

export interface JobOffers {
  /** The recruitment site could not be reached: show "offers unavailable", the rest of the page stands. */
  unavailable: boolean;
  items: JobOffer[];
}

/** The company's job offers from the recruitment site, latest first; its failure is a value, not an error. */
export async function companyJobOffers(site: RecruitmentSite, company: CompanyRow): Promise<JobOffers> {
  try {
    const offers = await site.jobOffers({ companySiret: company.siret });
    const items = [...offers].sort(
      (a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0),
    );
    return { unavailable: false, items };
  } catch {
    return { unavailable: true, items: [] };
  }
}

/** Whether the company has a slot to come (deleted ones aside): the contact button shows only without one. */
async function hasUpcomingSlot(db: DbOrTx, companyId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: slots.id })
    .from(slots)
    .where(and(eq(slots.companyId, companyId), gt(slots.startsAt, now), isNull(slots.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/** PRODUCT.md, Discovery: a company that opted in shows a contact button while it has no slot. */
export async function isContactable(db: DbOrTx, company: CompanyRow, now: Date): Promise<boolean> {
  return (
    company.status === 'validated' && company.contactOptIn && !(await hasUpcomingSlot(db, company.id, now))
  );
}

/**
 * A teacher writes to a company that asked to be contacted: the message is kept and e-mailed to the
 * company's contact through the outbox, in one transaction. Refused (FORBIDDEN) when the company did not
 * opt in or has a slot to book instead.
 */
export async function contactCompany(
  deps: { db: Db; now: Date },
  teacherId: number,
  company: CompanyRow,
  message: string,
): Promise<void> {
  if (!(await isContactable(deps.db, company, deps.now))) throw new AppError('FORBIDDEN');
  const [teacher] = await deps.db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      establishmentName: establishments.name,
    })
    .from(users)
    .leftJoin(establishments, eq(establishments.id, users.establishmentId))
    .where(eq(users.id, teacherId));
  if (!teacher) throw new AppError('NOT_FOUND');
  const contact = await companyContact(deps.db, company);
  if (!contact.email) throw new AppError('FORBIDDEN');
  const teacherName = `${teacher.firstName} ${teacher.lastName}`;
  await deps.db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({
      fromUserId: teacherId,
      companyId: company.id,
      name: teacherName,
      email: teacher.email,
      subject: `Demande de rencontre — ${company.name}`,
      body: message,
      createdAt: deps.now,
    });
    await enqueueMail(
      tx,
      {
        template: 'companyContacted',
        to: contact.email as string,
        data: {
          firstName: contact.name?.split(' ')[0] || company.name,
          companyName: company.name,
          teacherName,
          teacherEmail: teacher.email,
          establishmentName: teacher.establishmentName,
          message,
        },
      },
      deps.now,
    );
  });
}

/** How many messages a teacher sent a company: the page says it was sent rather than offer it again. */
export async function contactMessagesSent(db: DbOrTx, teacherId: number, companyId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(contactMessages)
    .where(and(eq(contactMessages.fromUserId, teacherId), eq(contactMessages.companyId, companyId)));
  return Number(row?.n ?? 0);
}
