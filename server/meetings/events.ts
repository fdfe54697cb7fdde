import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import { tellBothSides } from './mails.ts';

/** Outbox topic of a booking just made: `{ meetingId }`. */
export const MEETING_BOOKED_TOPIC = 'meeting.booked';

export interface EventDeps {
  db: Db;
  now: Date;
  publicUrl: string;
}

/**
 * Composes the e-mails of the bookings recorded in the outbox (booking.ts writes the event with the
 * meeting), up to `limit` at a time. The events are claimed and their e-mails queued in one transaction
 * (one commit for a burst of bookings): each is announced once, and if the transaction fails they all
 * stay pending for the next run. Returns how many were announced.
 */
export async function announceBookings(deps: EventDeps, limit = 100): Promise<number> {
  const pending = and(eq(outbox.topic, MEETING_BOOKED_TOPIC), eq(outbox.status, 'pending'));
  const [waiting] = await deps.db.select({ id: outbox.id }).from(outbox).where(pending).limit(1);
  if (!waiting) return 0;
  return deps.db.transaction(async (tx) => {
    const events = await tx
      .select({ id: outbox.id, payload: outbox.payload })
      .from(outbox)
      .where(pending)
      .orderBy(asc(outbox.id))
      .limit(limit);
    if (events.length === 0) return 0;
    await tx
      .update(outbox)
      .set({ status: 'sent', sentAt: deps.now, attempts: 1 })
      .where(
        inArray(
          outbox.id,
          events.map((event) => event.id),
        ),
      );
    await tellBothSides(
      tx,
      deps,
      'meetingBooked',
      events.map((event) => Number(event.payload.meetingId)),
      (meeting) => ({ participantsCount: meeting.participantsCount, message: meeting.message }),
    );
    return events.length;
  });
}
