import { and, asc, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { PROFILE_TYPE_LABELS } from '../../common/accounts.ts';
import {
  CONTACT_SUBJECT_LABELS,
  type ContactMessageInput,
  type ContactStatus,
} from '../../common/contact.ts';
import { ROUTES } from '../../common/routes.ts';
import { inIdOrder } from '../../db/batches.ts';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/contact.ts';
import { contactSenderOf, operatorsOfRegion } from '../accounts/index.ts';
import { companyRowById } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { enqueueMail, enqueueMails } from '../mail/index.ts';
import { regionOfDepartment, requireViewer } from '../permissions.ts';
import { contactMails } from './mails.ts';

/**
 * The contact form (issue 12, docs/decisions/0042): a logged-in user writes to the operators of their
 * region. The message is kept, e-mailed to the region's operators (the back-office's rule: its regional
 * operators, else the national administrators) and acknowledged to the sender, in one transaction.
 * Messages to companies (the contact button, company-contact.ts) share the table with `company_id` set;
 * everything here reads and writes only the rows where it is null.
 */

export type ContactMessageRow = typeof contactMessages.$inferSelect;

/** The sender as the form shows them and the message keeps them. */
export interface ContactSender {
  userId: number;
  kind: Viewer['kind'];
  firstName: string;
  name: string;
  email: string;
  /** Their role in French: a teacher's profile, « Recruteur… », « Opérateur… ». */
  role: string;
  /** Their establishment or company. */
  organisation: string | null;
  departmentCode: string | null;
  /** Whose operators handle their messages; null: the national administrators. */
  regionCode: string | null;
}

/** Who is writing: read from their account (and a recruiter's company) each time, never from the browser. */
export async function contactSender(viewer: Viewer | null, deps: Deps): Promise<ContactSender> {
  const caller = requireViewer(viewer);
  const sender = await contactSenderOf(deps.db, caller.id);
  if (!sender) throw new AppError('UNAUTHENTICATED');
  const base = {
    userId: sender.id,
    kind: sender.kind,
    firstName: sender.firstName,
    name: `${sender.firstName} ${sender.lastName}`,
    email: sender.email,
  };
  if (sender.kind === 'admin') {
    return {
      ...base,
      role: 'Opérateur de la plateforme',
      organisation: null,
      departmentCode: null,
      regionCode: sender.operatorRegion,
    };
  }
  if (sender.kind === 'recruiter') {
    const company = sender.companyId === null ? null : await companyRowById(deps.db, sender.companyId);
    const departmentCode = company?.departmentCode ?? sender.departmentCode;
    return {
      ...base,
      role: sender.jobTitle ? `Recruteur — ${sender.jobTitle}` : 'Recruteur',
      organisation: company?.name ?? null,
      departmentCode,
      regionCode: regionOfDepartment(departmentCode),
    };
  }
  const departmentCode = sender.departmentCode ?? sender.establishmentDepartmentCode;
  return {
    ...base,
    role: sender.profileType ? PROFILE_TYPE_LABELS[sender.profileType] : 'Enseignant ou enseignante',
    organisation: sender.establishmentName,
    departmentCode,
    regionCode: regionOfDepartment(departmentCode),
  };
}

/**
 * Sends a message of the contact form: any logged-in user, 5 an hour per account (`rate_limited`
 * beyond). The input is already parsed by `contactMessageSchema`.
 */
export async function sendContactMessage(
  viewer: Viewer | null,
  input: ContactMessageInput,
  deps: Deps,
): Promise<ContactMessageRow> {
  const caller = requireViewer(viewer);
  const now = deps.clock.now();
  await deps.rateLimiter.consume([`contact-form:user:${caller.id}`], RATE_LIMITS.contactForm, now);
  const sender = await contactSender(caller, deps);
  const subjectLabel = CONTACT_SUBJECT_LABELS[input.subject];
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        fromUserId: sender.userId,
        companyId: null,
        name: sender.name,
        email: sender.email,
        subject: input.subject,
        body: input.message,
        senderRole: sender.role,
        organisation: sender.organisation,
        departmentCode: sender.departmentCode,
        regionCode: sender.regionCode,
        status: 'new',
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('contact message not inserted');
    const url = `${deps.config.PUBLIC_URL}${ROUTES.adminContactMessage(row.id)}`;
    const operators = await operatorsOfRegion(tx, sender.regionCode);
    await enqueueMails(
      tx,
      contactMails.contactReceived,
      operators.map((operator) => ({
        to: operator.email,
        data: {
          firstName: operator.firstName,
          senderName: sender.name,
          senderEmail: sender.email,
          senderRole: sender.role,
          organisation: sender.organisation,
          subjectLabel,
          message: input.message,
          url,
        },
      })),
      now,
    );
    await enqueueMail(
      tx,
      contactMails.contactAcknowledged,
      {
        to: sender.email,
        data: {
          firstName: sender.firstName,
          senderName: sender.name,
          subjectLabel,
          message: input.message,
        },
      },
      now,
    );
    return row;
  });
}

/** The contact form's messages only: those to companies are not the operators'. */
const TO_OPERATORS = isNull(contactMessages.companyId);

/** What the operators' inbox is narrowed to: its page and its export alike. */
export interface ContactFilter {
  /** One region's messages; `undefined` for all of France. */
  regionCode?: string | undefined;
  status?: ContactStatus | null | undefined;
}

/** The one condition of an inbox filter, for the list and the export (issue 21). */
function contactWhere(filter: ContactFilter): SQL | undefined {
  return and(
    TO_OPERATORS,
    filter.regionCode === undefined ? undefined : eq(contactMessages.regionCode, filter.regionCode),
    filter.status ? eq(contactMessages.status, filter.status) : undefined,
  );
}

/**
 * The operators' inbox: of one region (`regionCode`; `undefined` for all of France), of one status or all,
 * newest first, a page at a time. The caller (the back-office) decides the region.
 */
export async function contactMessagesIn(
  db: DbOrTx,
  filter: ContactFilter & { page: number; pageSize: number },
): Promise<{ total: number; items: ContactMessageRow[] }> {
  const where = contactWhere(filter);
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: sql<number>`count(*)` }).from(contactMessages).where(where),
  ]);
  return { total: Number(count?.n ?? 0), items };
}

/** One message of the contact form, or null (a message to a company is none). */
export async function findContactMessage(db: DbOrTx, id: number): Promise<ContactMessageRow | null> {
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.id, id), TO_OPERATORS))
    .limit(1);
  return row ?? null;
}

/**
 * Changes a message's status, and records the answer when there is one: only while it has none (of two
 * operators answering at once, the second finds it answered: null). The caller checks who may.
 */
export async function changeContactMessage(
  tx: DbOrTx,
  id: number,
  change: { status: ContactStatus; answer?: { text: string; by: number } | undefined },
  now: Date,
): Promise<ContactMessageRow | null> {
  const [row] = await tx
    .update(contactMessages)
    .set({
      status: change.status,
      handledAt: change.status === 'handled' ? now : null,
      ...(change.answer ? { answer: change.answer.text, answeredBy: change.answer.by, answeredAt: now } : {}),
    })
    .where(
      and(
        eq(contactMessages.id, id),
        TO_OPERATORS,
        change.answer ? isNull(contactMessages.answer) : undefined,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Every message of the contact form the filter keeps (the inbox's filter: the export honours the screen's),
 * in id order, a batch at a time: the operators' export.
 */
export function contactMessagesInBatches(db: DbOrTx, filter: ContactFilter = {}) {
  const where = contactWhere(filter);
  return inIdOrder((afterId, limit) =>
    db
      .select()
      .from(contactMessages)
      .where(and(gt(contactMessages.id, afterId), where))
      .orderBy(asc(contactMessages.id))
      .limit(limit),
  );
}
