import { and, asc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { meetingFacts, meetings } from '../../db/schema/meetings.ts';
import { recruitersOf } from '../accounts/index.ts';
import type { EventContext } from '../kernel/events.ts';
import { enqueueMail } from '../mail/index.ts';
import { meetingMails } from './mail-templates.ts';
import { closeTransportRequests } from './transport.ts';

/** A live booking of a future slot, with what its other side needs to be told. */
export type FutureBooking = typeof meetingFacts.$inferSelect;

/** Live bookings of slots that have not started yet, soonest first. */
function futureBookings(tx: DbOrTx, owner: SQL, now: Date): Promise<FutureBooking[]> {
  return tx
    .select()
    .from(meetingFacts)
    .where(and(owner, ne(meetingFacts.status, 'cancelled'), gt(meetingFacts.startsAt, now)))
    .orderBy(asc(meetingFacts.startsAt), asc(meetingFacts.id));
}

export const futureBookingsOfTeacher = (tx: DbOrTx, teacherId: number, now: Date) =>
  futureBookings(tx, eq(meetingFacts.teacherId, teacherId), now);

/*
 * Cancelling gives the seats back: the inverse of the booking's conditional write (booking.ts), and with
 * it the only statements outside the slots domain that write `seats_taken` (docs/decisions/0023).
 */
const releaseSeats = (slotId: number, seats: number) =>
  sql`UPDATE slots SET seats_taken = max(seats_taken - ${seats}, 0) WHERE id = ${slotId}`;

/**
 * Cancels the bookings and gives their seats back to their slots. The conditional update is the check:
 * a booking cancelled meanwhile by someone else is left as it is and gives nothing back twice.
 * `cancelledBy` is null when the platform cancels (a company removed by the operators). Every path
 * that cancels a booking comes through here, so here too their transport requests close.
 * Returns the bookings this call cancelled.
 */
export async function cancelBookings<B extends { id: number; slotId: number; participantsCount: number }>(
  tx: DbOrTx,
  bookings: B[],
  cancellation: EventContext & { reason: string | null; cancelledBy: number | null },
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
    await tx.run(releaseSeats(booking.slotId, booking.participantsCount));
  }
  // The seats given back may go to the slot's waitlist (server/main/subscribers.ts).
  for (const slotId of new Set(done.map((booking) => booking.slotId))) {
    await cancellation.events.publish(tx, 'slot.seatsFreed', { slotId }, cancellation.now);
  }
  await closeTransportRequests(
    tx,
    { now: cancellation.now, publicUrl: cancellation.publicUrl },
    done.map((booking) => booking.id),
  );
  return done;
}

/** Tells each recruiter of the booking's company that the teacher's account, and so the booking, is gone. */
export async function tellCompanyOfTeacherDeletion(
  tx: DbOrTx,
  deps: EventContext,
  booking: FutureBooking,
  fallbackEstablishmentName: string,
): Promise<void> {
  for (const recruiter of await recruitersOf(tx, booking.companyId)) {
    await enqueueMail(
      tx,
      meetingMails.meetingCancelledByTeacherDeletion,
      {
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

/**
 * A company that leaves the platform (refused or archived) cancels its future bookings; each teacher is
 * told, with the way back to the search. The platform cancels: no one person did.
 */
export async function cancelFutureBookingsOfCompany(
  tx: DbOrTx,
  deps: EventContext,
  company: { id: number; name: string },
  reason: string,
): Promise<void> {
  const bookings = await futureBookings(tx, eq(meetingFacts.companyId, company.id), deps.now);
  const cancelled = await cancelBookings(tx, bookings, { reason, cancelledBy: null, ...deps });
  for (const booking of cancelled) {
    await enqueueMail(
      tx,
      meetingMails.meetingCancelledByPlatform,
      {
        to: booking.teacherEmail,
        data: {
          firstName: booking.teacherFirstName,
          companyName: company.name,
          startsAt: booking.startsAt.toISOString(),
          timeZone: booking.timeZone,
          reason,
          searchUrl: `${deps.publicUrl}/search-companies`,
        },
      },
      deps.now,
    );
  }
}
