import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { waitlistEntries } from '../../db/schema/waitlist.ts';
import type { Subscriber } from '../kernel/events.ts';
import { liveMeetingOfTeacher } from '../meetings/index.ts';
import { closeEntry, endOffer } from './offers.ts';
import { positionOf } from './waitlist.ts';

/**
 * `meeting.changed` → when its teacher set the group's size, the booking's request for more seats on the
 * line is replaced (docs/decisions/0048), in the change's write: any open request of that teacher on the
 * slot is closed, and the difference the slot could not seat (`line.extra`) joins the line, in order behind
 * those already waiting. A booking's request is an open entry that names its meeting.
 */
export const replaceLineRequestOfBooking: Subscriber<'meeting.changed'> = {
  name: 'waitlist.replaceLineRequestOfBooking',
  runs: 'inTransaction',
  // An offer the new request replaces gives its seats back (endOffer).
  publishes: ['slot.seatsFreed'],
  async handle(tx, events, context) {
    for (const { meetingId, slotId, teacherId, line } of events) {
      if (!line) continue;
      const open = await tx
        .select()
        .from(waitlistEntries)
        .where(
          and(
            eq(waitlistEntries.slotId, slotId),
            eq(waitlistEntries.teacherId, teacherId),
            inArray(waitlistEntries.status, ['waiting', 'offered']),
          ),
        );
      for (const entry of open) {
        if (entry.status === 'offered') await endOffer(tx, entry, 'declined', context);
        else await closeEntry(tx, entry.id, 'waiting', 'left', context.now);
      }
      if (line.extra <= 0) continue;
      const meeting = await liveMeetingOfTeacher(tx, slotId, teacherId);
      if (meeting?.id !== meetingId) continue;
      await tx.insert(waitlistEntries).values({
        slotId,
        teacherId,
        groupSize: line.extra,
        publicCategory: meeting.publicCategory,
        meetingId,
        createdAt: context.now,
      });
    }
  },
};

/** The extra seats a booking waits for on its slot's line, and its rank there; null when it waits for none. */
export async function lineRequestOfBooking(
  db: DbOrTx,
  meetingId: number,
): Promise<{ extra: number; position: number } | null> {
  const [entry] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.meetingId, meetingId),
        eq(waitlistEntries.status, 'waiting'),
        isNotNull(waitlistEntries.meetingId),
      ),
    );
  if (!entry) return null;
  return { extra: entry.groupSize, position: await positionOf(db, entry) };
}
