import { z } from 'zod';
import { MESSAGES } from '../../common/messages.ts';
import { anonymiseTeacher, checkPassword, establishmentNameOf, findUserById } from '../accounts/index.ts';
import { removeAllTeacherDocuments } from '../documents/index.ts';
import { AppError } from '../errors.ts';
import type { Deps } from '../http/context.ts';
import { enqueueMail } from '../mail/index.ts';
import { cancelBookings, futureBookingsOfTeacher, tellCompanyOfTeacherDeletion } from '../meetings/index.ts';
import { requireKind, type Viewer } from '../permissions.ts';
import { forgetFavoritesOf } from '../search/index.ts';

export const TEACHER_DELETED_REASON = "L'enseignant a supprimé son compte";

export const deletionInput = z.object({
  password: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }).max(200),
});

/**
 * The teacher's account deletion (PRODUCT.md, Accounts), confirmed with the current password (limited
 * tries). In one transaction: the future bookings are cancelled, their seats given back and their
 * companies told; the account is anonymised (past meetings and feedback stay, attached to the anonymous
 * row), its favourites go; the teacher is told at the address the account had. Then, once that is
 * committed (files are not in the transaction), the teacher's documents and their files go.
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
  const now = deps.clock.now();
  const establishmentName =
    (await establishmentNameOf(deps.db, teacher.establishmentId)) ?? '(établissement non précisé)';
  const mailDeps = { now, publicUrl: deps.config.PUBLIC_URL };

  await deps.db.transaction(async (tx) => {
    const bookings = await futureBookingsOfTeacher(tx, teacher.id, now);
    const cancelled = await cancelBookings(tx, bookings, {
      reason: TEACHER_DELETED_REASON,
      cancelledBy: teacher.id,
      ...mailDeps,
    });
    for (const booking of cancelled) {
      await tellCompanyOfTeacherDeletion(tx, mailDeps, booking, establishmentName);
    }
    await anonymiseTeacher(tx, teacher.id, now);
    await forgetFavoritesOf(tx, teacher.id);
    await enqueueMail(
      tx,
      {
        template: 'accountDeleted',
        to: teacher.email,
        data: { firstName: teacher.firstName, cancelledMeetings: cancelled.length },
      },
      now,
    );
  });
  await removeAllTeacherDocuments(teacher.id, deps);
}
