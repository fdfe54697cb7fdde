import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/contact.ts';
import { teacherSignature } from '../accounts/index.ts';
import { type CompanyRow, companyContact, companyFor } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { enqueueMail } from '../mail/index.ts';
import { canTeacherReach, requireKind } from '../permissions.ts';
import { hasSlotsToCome } from '../slots/index.ts';
import { contactMails } from './mails.ts';

/** PRODUCT.md, Discovery: a company that opted in shows a contact button while it has no slot. */
export async function isContactable(company: CompanyRow, deps: Deps): Promise<boolean> {
  return (
    company.status === 'validated' &&
    company.contactOptIn &&
    !(await hasSlotsToCome(deps.db, company.id, deps.clock.now()))
  );
}

/**
 * A teacher writes to a company that asked to be contacted: the message is kept and e-mailed to the
 * company's contact through the outbox, in one transaction. NOT_FOUND for a company the teacher may not
 * reach; FORBIDDEN when it did not opt in or has a slot to book instead; 5 messages an hour.
 */
export async function contactCompany(
  viewer: Viewer | null,
  input: { companyId: number; message: string },
  deps: Deps,
): Promise<void> {
  const teacher = requireKind(viewer, 'teacher');
  const company = await companyFor(teacher, input.companyId, deps);
  if (!company || !canTeacherReach(teacher, company)) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  await deps.rateLimiter.consume([`contact:user:${teacher.id}`], RATE_LIMITS.contactCompany, now);
  if (!(await isContactable(company, deps))) throw new AppError('FORBIDDEN');
  const [signature, contact] = await Promise.all([
    teacherSignature(deps.db, teacher.id),
    companyContact(deps.db, company),
  ]);
  if (!signature) throw new AppError('NOT_FOUND');
  if (!contact.email) throw new AppError('FORBIDDEN');
  const teacherName = `${signature.firstName} ${signature.lastName}`;
  await deps.db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({
      fromUserId: teacher.id,
      companyId: company.id,
      name: teacherName,
      email: signature.email,
      subject: `Demande de rencontre — ${company.name}`,
      body: input.message,
      createdAt: now,
    });
    await enqueueMail(
      tx,
      contactMails.companyContacted,
      {
        to: contact.email as string,
        data: {
          firstName: contact.name?.split(' ')[0] || company.name,
          companyName: company.name,
          teacherName,
          teacherEmail: signature.email,
          establishmentName: signature.establishmentName,
          message: input.message,
        },
      },
      now,
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
