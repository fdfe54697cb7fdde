import {
  CONTACT_STATUS_LABELS,
  type ContactStatus,
  type ContactUpdateInput,
  contactSubjectLabel,
} from '../../common/contact.ts';
import { elide } from '../../common/format.ts';
import { findUserById } from '../accounts/index.ts';
import {
  type ContactMessageRow,
  changeContactMessage,
  contactMessagesIn,
  findContactMessage,
} from '../contact/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { enqueueMail } from '../mail/index.ts';
import { canHandleContactMessage, requireKind } from '../permissions.ts';
import { historyOf, recordAudit } from './audit.ts';
import { contactFilterFor } from './list-filters.ts';
import { adminMails } from './mails.ts';

/**
 * The contact form's messages in the back-office (issue 13, « Requests », docs/decisions/0042): the
 * operators of the sender's region list them, change their status and answer; every change is in the
 * audit log, written in its transaction.
 */

export const CONTACT_PAGE_SIZE = 25;

/** The operator's inbox: their region's messages (all of France for a national administrator), newest first. */
export function contactInbox(
  viewer: Viewer | null,
  input: { status?: ContactStatus | null | undefined; page: number; pageSize?: number | undefined },
  deps: Deps,
) {
  return contactMessagesIn(deps.db, {
    ...contactFilterFor(viewer, input),
    page: input.page,
    pageSize: input.pageSize ?? CONTACT_PAGE_SIZE,
  });
}

/** A message the operator may handle; NOT_FOUND for another region's, as for none. */
export async function handledContactMessage(
  viewer: Viewer | null,
  input: { id: number },
  deps: Deps,
): Promise<ContactMessageRow> {
  const operator = requireKind(viewer, 'admin');
  const message = await findContactMessage(deps.db, input.id);
  if (!message || !canHandleContactMessage(operator, message)) throw new AppError('NOT_FOUND');
  return message;
}

/** A message's page: the message and what the operators did to it, latest first. */
export async function contactMessagePage(viewer: Viewer | null, input: { id: number }, deps: Deps) {
  const message = await handledContactMessage(viewer, input, deps);
  const history = await historyOf(deps, { kind: 'contact', id: message.id });
  return { message, history };
}

const targetOf = (message: ContactMessageRow) =>
  `Message ${elide('de', message.name)} (${contactSubjectLabel(message.subject)}, n° ${message.id})`;

/**
 * An operator changes a message's status and/or answers it. The answer is e-mailed to the sender (at their
 * account's address if it changed since) and kept; a message has one answer (`contact_message_answered`
 * for a second, also when another operator answered first). An answer without a status marks it handled.
 */
export async function updateContactMessage(
  viewer: Viewer | null,
  input: ContactUpdateInput & { id: number },
  deps: Deps,
): Promise<ContactMessageRow> {
  const operator = requireKind(viewer, 'admin');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const message = await findContactMessage(tx, input.id);
    if (!message || !canHandleContactMessage(operator, message)) throw new AppError('NOT_FOUND');
    const answer = input.answer ?? null;
    const status: ContactStatus = input.status ?? (answer ? 'handled' : message.status);
    if (!answer && status === message.status) return message;
    const changed = await changeContactMessage(
      tx,
      message.id,
      { status, answer: answer ? { text: answer, by: operator.id } : undefined },
      now,
    );
    if (!changed) throw new AppError('contact_message_answered');
    const audit = {
      target: targetOf(changed),
      regionCode: changed.regionCode,
      subject: { kind: 'contact' as const, id: changed.id },
    };
    if (status !== message.status) {
      await recordAudit(
        tx,
        operator,
        {
          ...audit,
          action: 'contact.statusChanged',
          details: `${CONTACT_STATUS_LABELS[message.status]} → ${CONTACT_STATUS_LABELS[status]}`,
        },
        now,
      );
    }
    if (answer) {
      const sender = changed.fromUserId === null ? null : await findUserById(tx, changed.fromUserId);
      const to = sender && !sender.anonymizedAt ? sender.email : changed.email;
      await enqueueMail(
        tx,
        adminMails.contactAnswered,
        {
          to,
          data: {
            firstName: sender?.firstName ?? changed.name.split(' ')[0] ?? '',
            senderName: changed.name,
            subjectLabel: contactSubjectLabel(changed.subject),
            message: changed.body,
            answer,
          },
        },
        now,
      );
      await recordAudit(
        tx,
        operator,
        {
          ...audit,
          action: 'contact.answered',
          details: answer.length > 200 ? `${answer.slice(0, 199)}…` : answer,
        },
        now,
      );
    }
    return changed;
  });
}
