import { and, asc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, establishments, meetings, slots, users } from '../../db/schema.ts';
import { enqueueMail } from '../mail/index.ts';

export interface CancellationDeps {
  now: Date;
  publicUrl: string;
}

/** A live booking of a future slot, with what its company needs to be told. */
export interface FutureBooking {
  id: number;
  slotId: number;
  participantsCount: number;
  startsAt: Date;
  timeZone: string;
  companyId: number;
  companyName: string;
  establishmentName: string | null;
}

/** The teacher's live bookings of slots that have not started yet, soonest first. */
export function futureBookingsOfTeacher(tx: DbOrTx, teacherId: number, now: Date): Promise<FutureBooking[]> {
  return tx
    .select({
      id: meetings.id,
      slotId: meetings.slotId,
      participantsCount: meetings.participantsCount,
      startsAt: slots.startsAt,
      timeZone: slots.timeZone,
      companyId: companies.id,
      companyName: companies.name,
      establishmentName: establishments.name,
    })
    .from(meetings)
    .innerJoin(slots, eq(slots.id, meetings.slotId))
    .innerJoin(companies, eq(companies.id, slots.companyId))
    .leftJoin(establishments, eq(establishments.id, meetings.establishmentId))
    .where(and(eq(meetings.teacherId, teacherId), ne(meetings.status, 'cancelled'), gt(slots.startsAt, now)))
    .orderBy(asc(slots.startsAt), asc(meetings.id));
}

/**
 * Cancels the bookings and gives their seats back to their slots. The conditional update is the check:
 * a booking cancelled meanwhile by someone else is left as it is and gives nothing back twice.
 * Returns the bookings this call cancelled.
 */
export async function cancelBookings<B extends { id: number; slotId: number; participantsCount: number }>(
  tx: DbOrTx,
  bookings: B[],
  cancellation: { reason: string | null; cancelledBy: number; now: Date },
): Promise<B[]> {
  if (bookings.length === 0) return [];
  const cancelled = await tx
    .update(meetings)
    .set({
      status: 'cancelled',
      cancelReason: cancellation.reason,
      cancelledBy: cancellation.cancelledBy,
      cancelledAt: cancellation.now,
    })
    .where(
      and(
        inArray(
          meetings.id,
          bookings.map((b) => b.id),
        ),
        ne(meetings.status, 'cancelled'),
      ),
    )
    .returning({ id: meetings.id });
  const ids = new Set(cancelled.map((row) => row.id));
  const done = bookings.filter((b) => ids.has(b.id));
  for (const booking of done) {
    await tx
      .update(slots)
      .set({ seatsTaken: sql`max(${slots.seatsTaken} - ${booking.participantsCount}, 0)` })
      .where(eq(slots.id, booking.slotId));
  }
  return done;
}

/** Tells each recruiter of the booking's company that the teacher's account, and so the booking, is gone. */
export async function tellCompanyOfTeacherDeletion(
  tx: DbOrTx,
  deps: CancellationDeps,
  booking: FutureBooking,
  fallbackEstablishmentName: string,
): Promise<void> {
  const recruiters = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(eq(users.companyId, booking.companyId), eq(users.kind, 'recruiter'), isNull(users.anonymizedAt)),
    )
    .orderBy(asc(users.id));
  for (const recruiter of recruiters) {
    await enqueueMail(
      tx,
      {
        template: 'meetingCancelledByTeacherDeletion',
        to: recruiter.email,
        data: {
          firstName: recruiter.firstName,
          establishmentName: booking.establishmentName ?? fallbackEstablishmentName,
          startsAt: booking.startsAt.toISOString(),
          timeZone: booking.timeZone,
          participantsCount: booking.participantsCount,
          meetingsUrl: `${deps.publicUrl}/meetings-company`,
        },
      },
      deps.now,
    );
  }
}
