import type { DbOrTx } from '../../db/client.ts';
import {
  anonymiseAccount,
  anonymisedEmail,
  revokeRecruitmentAccess,
  type UserRow,
} from '../accounts/index.ts';
import { eraseContactMessagesOf } from '../contact/index.ts';
import { removeAllTeacherDocuments } from '../documents/index.ts';
import { eraseFeedbackTextsOf } from '../feedback/index.ts';
import { type Deps, eventContext } from '../kernel/context.ts';
import { enqueueMail } from '../mail/index.ts';
import {
  cancelFutureBookingsOfTeacher,
  eraseMeetingTextsOf,
  meetingIdsOfTeacher,
} from '../meetings/index.ts';
import { forgetFavoritesOf } from '../search/index.ts';
import { eraseTransportCommentsOf } from '../transport/index.ts';
import { leaveAllWaitlists } from '../waitlist/index.ts';
import { privacyMails } from './mails.ts';

export const TEACHER_DELETED_REASON = 'L’enseignant a supprimé son compte';

/** Why a person is forgotten: they asked (their deletion, or an operator for them), or two years unused. */
export type ForgetCause = 'requested' | 'unused';

/**
 * The one door for « forget this person » (docs/decisions/0098), a teacher's or a recruiter's, in one
 * transaction: a teacher's free texts go first (messages to companies, accompanying adults, answers to the
 * questionnaires, transport comments), then their future bookings are cancelled, their seats given back and
 * their companies told, they leave every line and their favourites go; anyone's cancellation reasons and
 * messages to the team are erased; the account is anonymised (accounts' anonymiseAccount: past meetings and
 * ratings stay, attached to the anonymous row, for the statistics; an attestation names no person); the
 * person is told at the address the account had; and whatever the caller records with it (an operator's
 * audit line). Then, once that is committed (files are not in the transaction), a teacher's documents and
 * their files go, a recruiter's tokens at the recruitment site are revoked.
 */
export async function forgetPerson(
  person: UserRow,
  cause: ForgetCause,
  deps: Deps,
  recordWith?: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  const now = deps.clock.now();
  const context = eventContext(deps, now);
  const teacher = person.kind === 'teacher';

  await deps.db.transaction(async (tx) => {
    await recordWith?.(tx);
    let cancelled = 0;
    await eraseMeetingTextsOf(tx, person.id);
    if (teacher) {
      await eraseFeedbackTextsOf(tx, person.id);
      await eraseTransportCommentsOf(tx, await meetingIdsOfTeacher(tx, person.id));
      cancelled = await cancelFutureBookingsOfTeacher(tx, context, person.id, TEACHER_DELETED_REASON);
      await leaveAllWaitlists(tx, person.id, context);
      await forgetFavoritesOf(tx, person.id);
    }
    await eraseContactMessagesOf(tx, person.id, anonymisedEmail(person.id));
    await anonymiseAccount(tx, person.id, now, cause === 'requested');
    const template = cause === 'requested' ? privacyMails.accountDeleted : privacyMails.accountAnonymised;
    await enqueueMail(
      tx,
      template,
      { to: person.email, data: { firstName: person.firstName, cancelledMeetings: cancelled } },
      now,
    );
  });
  if (teacher) await removeAllTeacherDocuments(person.id, deps);
  else await revokeRecruitmentAccess(deps, [person]);
}
