import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { establishments, favorites, passwordResetTokens, sessions, users } from '../../db/schema.ts';
import { AppError, invalidInput } from '../errors.ts';
import { enqueueMail } from '../mail/index.ts';
import { cancelBookings, futureBookingsOfTeacher, tellCompanyOfTeacherDeletion } from '../meetings/index.ts';
import { verifyPassword } from './password.ts';
import { findUserById } from './users.ts';

export const TEACHER_DELETED_REASON = "L'enseignant a supprimé son compte";

/** The address an anonymised account keeps: unique, and never deliverable (.invalid, RFC 2606). */
export function anonymisedEmail(userId: number): string {
  return `supprime-${userId}@passerelle-industrie.invalid`;
}

/**
 * The teacher's account deletion (PRODUCT.md, Accounts), confirmed with the current password. In one
 * transaction: the future bookings are cancelled, their seats given back and their companies told; the
 * account is anonymised (past meetings and feedback stay, attached to the anonymous row), its favourites
 * and sessions go; the teacher is told at the address the account had.
 */
export async function requestAccountDeletion(
  deps: { db: Db; now: Date; publicUrl: string },
  teacherId: number,
  input: { password: string },
): Promise<void> {
  const teacher = await findUserById(deps.db, teacherId);
  if (teacher?.kind !== 'teacher' || teacher.anonymizedAt) throw new AppError('NOT_FOUND');
  if (!teacher.passwordHash || !(await verifyPassword(teacher.passwordHash, input.password))) {
    throw invalidInput({ password: 'Le mot de passe actuel est incorrect' });
  }
  const [establishment] = teacher.establishmentId
    ? await deps.db
        .select({ name: establishments.name })
        .from(establishments)
        .where(eq(establishments.id, teacher.establishmentId))
    : [];

  await deps.db.transaction(async (tx) => {
    const bookings = await futureBookingsOfTeacher(tx, teacherId, deps.now);
    const cancelled = await cancelBookings(tx, bookings, {
      reason: TEACHER_DELETED_REASON,
      cancelledBy: teacherId,
      now: deps.now,
    });
    for (const booking of cancelled) {
      await tellCompanyOfTeacherDeletion(
        tx,
        deps,
        booking,
        establishment?.name ?? '(établissement non précisé)',
      );
    }
    await tx
      .update(users)
      .set({
        email: anonymisedEmail(teacherId),
        firstName: 'Compte',
        lastName: 'supprimé',
        phone: null,
        description: null,
        referenceLabel: null,
        referenceZipcode: null,
        referenceCity: null,
        referenceLat: null,
        referenceLng: null,
        passwordHash: null,
        sectors: [],
        jobs: [],
        weeklyMail: false,
        calendarTokenHash: null,
        deletionRequestedAt: deps.now,
        anonymizedAt: deps.now,
      })
      .where(eq(users.id, teacherId));
    await tx.delete(favorites).where(eq(favorites.teacherId, teacherId));
    await tx.delete(sessions).where(eq(sessions.userId, teacherId));
    // A reset link still in the old mailbox must not give the anonymous account a password again.
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, teacherId));
    await enqueueMail(
      tx,
      {
        template: 'accountDeleted',
        to: teacher.email,
        data: { firstName: teacher.firstName, cancelledMeetings: cancelled.length },
      },
      deps.now,
    );
  });
}
