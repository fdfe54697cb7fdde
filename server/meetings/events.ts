import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { Logger } from '../http/logger.ts';
import { tellBothSides } from './mails.ts';

/** Outbox topic of a booking just made: `{ meetingId }`. */
export const MEETING_BOOKED_TOPIC = 'meeting.booked';

export interface EventDeps {
  db: Db;
  now: Date;
  publicUrl: string;
  log: Logger;
}

/**
 * Composes the e-mails of the bookings recorded in the outbox (booking.ts writes the event with the
 * meeting). Each event is claimed and its e-mails queued in one transaction: an event is announced once,
 * and one that fails stays pending for the next run. Returns how many were announced.
 */
export async function announceBookings(deps: EventDeps, limit = 100): Promise<number> {
  const events = await deps.db
    .select({ id: outbox.id, payload: outbox.payload })
    .from(outbox)
    .where(and(eq(outbox.topic, MEETING_BOOKED_TOPIC), eq(outbox.status, 'pending')))
    .orderBy(asc(outbox.id))
    .limit(limit);
  let announced = 0;
  for (const event of events) {
    const meetingId = Number(event.payload.meetingId);
    try {
      await deps.db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(outbox)
          .set({ status: 'sent', sentAt: deps.now, attempts: 1 })
          .where(and(eq(outbox.id, event.id), eq(outbox.status, 'pending')))
          .returning({ id: outbox.id });
        if (!claimed) return;
        await tellBothSides(tx, deps, 'meetingBooked', [meetingId], (meeting) => ({
          participantsCount: meeting.participantsCount,
          message: meeting.message,
        }));
      });
      announced++;
    } catch (error) {
      deps.log.error('booking e-mails not composed', { outboxId: event.id, meetingId, error: String(error) });
    }
  }
  return announced;
}
