import { and, asc, eq, ne, type SQLWrapper, sql } from 'drizzle-orm';
import { meetings } from '../../db/schema/meetings.ts';
import type { Subscriber } from '../kernel/events.ts';
import { cancelMeetings, SLOT_DELETED_REASON } from './cancellation.ts';
import { tellBothSides } from './mails.ts';
import { forgetRemindersOf } from './reminders.ts';

/**
 * `slot.changed` → its booked groups (PRODUCT.md, Third wave: « What a change tells whom »), in the change's
 * transaction: both sides are told what changed, old → new; a move (date, time, duration) also postpones
 * the live bookings (`reported`: the teacher keeps their seat or cancels), with the updated invitation, and
 * the reminders of the old date are forgotten.
 */
export const tellSlotChange: Subscriber<'slot.changed'> = {
  name: 'meetings.tellSlotChange',
  runs: 'inTransaction',
  async handle(tx, events, context) {
    for (const { slotId, changes, moved } of events) {
      const live = and(eq(meetings.slotId, slotId), ne(meetings.status, 'cancelled'));
      if (moved) {
        // The times the booking was made for: kept through a second move before the teacher answers.
        const keptOr = (column: SQLWrapper, at: string | undefined) =>
          sql`CASE WHEN ${meetings.status} = 'reported' AND ${column} IS NOT NULL THEN ${column} ELSE ${at ? new Date(at).getTime() : null} END`;
        const postponed = await tx
          .update(meetings)
          .set({
            status: 'reported',
            previousStartsAt: keptOr(meetings.previousStartsAt, moved.previousStartsAt),
            previousEndsAt: keptOr(meetings.previousEndsAt, moved.previousEndsAt),
          })
          .where(live)
          .returning({ id: meetings.id });
        const ids = postponed.map((meeting) => meeting.id);
        await forgetRemindersOf(tx, ids);
        await tellBothSides(tx, context, 'meetingMoved', ids, () => ({
          previousStartsAt: moved.previousStartsAt,
          changes,
        }));
        continue;
      }
      const booked = await tx.select({ id: meetings.id }).from(meetings).where(live);
      await tellBothSides(
        tx,
        context,
        'meetingChanged',
        booked.map((meeting) => meeting.id),
        () => ({ changes }),
      );
    }
  },
};

/**
 * `slot.deleted` → its live bookings cancelled (by its company, or by the platform when the company left),
 * each told as any cancellation is (`meeting.cancelled`).
 */
export const cancelBookingsOfDeletedSlot: Subscriber<'slot.deleted'> = {
  name: 'meetings.cancelBookingsOfDeletedSlot',
  runs: 'inTransaction',
  publishes: ['meeting.cancelled', 'slot.seatsFreed'],
  async handle(tx, events, context) {
    for (const { slotId, by } of events) {
      const live = await tx
        .select({ id: meetings.id, slotId: meetings.slotId, participantsCount: meetings.participantsCount })
        .from(meetings)
        .where(and(eq(meetings.slotId, slotId), ne(meetings.status, 'cancelled')))
        .orderBy(asc(meetings.id));
      await cancelMeetings(tx, context, live, {
        by: by === null ? 'platform' : 'company',
        actorId: by,
        reason: SLOT_DELETED_REASON,
        cause: 'slotDeleted',
      });
    }
  },
};
