import { z } from 'zod';
import { MESSAGES } from '../../common/messages.ts';
import type { DbOrTx } from '../../db/client.ts';
import { anonymiseTeacher, checkPassword, findUserById, type UserRow } from '../accounts/index.ts';
import { removeAllTeacherDocuments } from '../documents/index.ts';
import { type Deps, eventContext } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { enqueueMail } from '../mail/index.ts';
import { cancelFutureBookingsOfTeacher } from '../meetings/index.ts';
import { requireKind } from '../permissions.ts';
import { forgetFavoritesOf } from '../search/index.ts';
import { leaveAllWaitlists } from '../waitlist/index.ts';
import { privacyMails } from './mails.ts';

export const TEACHER_DELETED_REASON = 'L’enseignant a supprimé son compte';

export const deletionInput = z.object({
  password: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }).max(200),
});

/**
 * The teacher's account deletion (PRODUCT.md, Accounts), confirmed with the current password (limited
 * tries). See eraseTeacher for what it does.
 */
export async function requestAccountDeletion(
  viewer: Viewer | null,
  input: { password: string; clientIp: string },
  deps: Deps,
): Promise<void> {
  const caller = requireKind(viewer, 'teacher');
  const teacher = await findUserById(deps.db, caller.id);
  if (teacher?.kind !== 'teacher' || teacher.anonymizedAt) throw new AppError('NOT_FOUND');
  await checkPassword(deps, teacher, input.password, input.clientIp, 'password');
  await eraseTeacher(teacher, deps);
}

/**
 * In one transaction: the teacher's future bookings are cancelled, their seats given back and their
 * companies told; the account is anonymised (past meetings and feedback stay, attached to the anonymous
 * row), its favourites go; the teacher is told at the address the account had; and whatever the caller
 * records with it (an operator's audit line, issue 13). Then, once that is committed (files are not in the
 * transaction), the teacher's documents and their files go. Operators do the same for a teacher who asked.
 */
export async function eraseTeacher(
  teacher: UserRow,
  deps: Deps,
  recordWith?: (tx: DbOrTx) => Promise<void>,
): Promise<void> {
  const now = deps.clock.now();
  const context = eventContext(deps, now);

  await deps.db.transaction(async (tx) => {
    await recordWith?.(tx);
    const cancelled = await cancelFutureBookingsOfTeacher(tx, context, teacher.id, TEACHER_DELETED_REASON);
    await leaveAllWaitlists(tx, teacher.id, context);
    await anonymiseTeacher(tx, teacher.id, now);
    await forgetFavoritesOf(tx, teacher.id);
    await enqueueMail(
      tx,
      privacyMails.accountDeleted,
      {
        to: teacher.email,
        data: { firstName: teacher.firstName, cancelledMeetings: cancelled },
      },
      now,
    );
  });
  await removeAllTeacherDocuments(teacher.id, deps);
}
