import { and, eq, ne } from 'drizzle-orm';
import { BOOKING_CHANGE_MESSAGES, type BookingChange } from '../../common/slots.ts';
import type { DbOrTx } from '../../db/client.ts';
import { meetings } from '../../db/schema/meetings.ts';
import { type Deps, eventContext } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { EventContext, SlotChange, Subscriber } from '../kernel/events.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { canChangeBooking, canChangeBookingNow, requireKind } from '../permissions.ts';
import { releaseSeats, slotViewById, takeMoreSeats } from '../slots/index.ts';
import { findMeetingFact, type MeetingFact } from './facts.ts';
import { tellBothSides } from './mails.ts';
import { ownGroupIdOrNull } from './meeting-group.ts';
import { type MeetingView, meetingViewFor } from './views.ts';

/** What a booking's change did: the meeting as it is now, and the extra seats asked on the line, if any. */
export interface BookingChangeOutcome {
  meeting: MeetingView;
  /** Nothing changed: nobody is told. */
  unchanged: boolean;
  /** Seats asked on the slot's waitlist for the larger group (the teacher's choice), 0 otherwise. */
  waitlisted: number;
}

const NONE = '(aucun)';

/** What the company cares about, old → new, in French (the e-mail's lines); the group is the teacher's own filing. */
function changesOf(before: MeetingFact, after: ChangedFields): SlotChange[] {
  const lines: SlotChange[] = [];
  const push = (label: string, old: string | number | null, now: string | number | null) => {
    if (old !== now) lines.push({ label, before: String(old ?? NONE), after: String(now ?? NONE) });
  };
  push('Nombre de participants', before.participantsCount, after.participantsCount);
  push('Adulte accompagnateur', before.accompanyingAdultName, after.accompanyingAdultName);
  push('Téléphone de l’adulte accompagnateur', before.accompanyingAdultPhone, after.accompanyingAdultPhone);
  push('Message', before.message, after.message);
  return lines;
}

interface ChangedFields {
  participantsCount: number;
  accompanyingAdultName: string | null;
  accompanyingAdultPhone: string | null;
  message: string | null;
  groupId: number | null;
}

/**
 * Its teacher changes a booking before it starts (PRODUCT.md, Taking a class out; docs/decisions/0048):
 * the group's size, the accompanying adult, the message, the group. In one transaction, each domain writing
 * its own table: a larger group takes the extra seats through the slots domain's conditional write (never
 * oversold, whatever runs beside it); when they are not there, `slot_full`, or — `waitlistIfFull`, the
 * teacher's choice — the booking stays as it is and the difference waits on the slot's line (the waitlist's
 * subscriber to `meeting.changed`), to be added when seats come free. A smaller group gives its seats back,
 * which the waitlist holds for the first waiting groups that fit in this same write (`slot.seatsFreed`).
 * The company is told what changed, old → new (after commit); a change that changes nothing tells nobody
 * and writes nothing. NOT_FOUND for anyone but its teacher; `meeting_not_changeable` once it has started
 * or is cancelled.
 */
export async function changeBooking(
  viewer: Viewer | null,
  input: { id: number; change: BookingChange },
  deps: Deps,
): Promise<BookingChangeOutcome> {
  const teacher = requireKind(viewer, 'teacher');
  const { change } = input;
  const now = deps.clock.now();
  const context = eventContext(deps, now);
  const outcome = await deps.db.transaction(async (tx) => {
    const meeting = await findMeetingFact(tx, input.id);
    if (!meeting || !canChangeBooking(teacher, meeting)) throw new AppError('NOT_FOUND');
    if (!canChangeBookingNow(teacher, meeting, now)) throw new AppError('meeting_not_changeable');
    if (change.groupId != null) await ownGroupIdOrNull(tx, teacher.id, change.groupId);
    const wanted: ChangedFields = {
      participantsCount: change.participantsCount ?? meeting.participantsCount,
      accompanyingAdultName: pick(change.accompanyingAdultName, meeting.accompanyingAdultName),
      accompanyingAdultPhone: pick(change.accompanyingAdultPhone, meeting.accompanyingAdultPhone),
      message: pick(change.message, meeting.message),
      groupId: pick(change.groupId, meeting.groupId),
    };
    const extra = wanted.participantsCount - meeting.participantsCount;
    let waitlisted = 0;
    if (extra > 0) {
      const slot = await slotViewById(tx, meeting.slotId, now);
      if (slot && wanted.participantsCount > slot.maxParticipants) {
        throw invalidInput({
          participantsCount: BOOKING_CHANGE_MESSAGES.groupAboveCapacity(slot.maxParticipants),
        });
      }
      if (!(await takeMoreSeats(tx, meeting.slotId, extra, now))) {
        if (!change.waitlistIfFull) {
          throw new AppError('slot_full', {
            extensions: { seatsLeft: slot?.seatsLeft ?? 0, state: slot?.state ?? 'reserved' },
          });
        }
        // The booking keeps its size; the difference waits on the line.
        waitlisted = extra;
        wanted.participantsCount = meeting.participantsCount;
      }
    }
    const changes = changesOf(meeting, wanted);
    const sizeSet = change.participantsCount !== undefined && change.participantsCount !== null;
    // The teacher's word on the line: a size they set replaces any earlier request (none if it fits now).
    const line = sizeSet && (waitlisted > 0 || extra !== 0) ? { extra: waitlisted } : null;
    if (changes.length === 0 && wanted.groupId === meeting.groupId && line === null) {
      return { unchanged: true, waitlisted: 0 };
    }
    const [written] = await tx
      .update(meetings)
      .set({
        participantsCount: wanted.participantsCount,
        accompanyingAdultName: wanted.accompanyingAdultName,
        accompanyingAdultPhone: wanted.accompanyingAdultPhone,
        message: wanted.message,
        groupId: wanted.groupId,
      })
      .where(
        and(
          eq(meetings.id, meeting.id),
          ne(meetings.status, 'cancelled'),
          // Another change of this booking since it was read would count its seats twice: it wins.
          eq(meetings.participantsCount, meeting.participantsCount),
        ),
      )
      .returning({ id: meetings.id });
    if (!written) throw new AppError('meeting_not_changeable');
    // The line first: a request it replaces must not be offered the seats this change gives back.
    if (changes.length > 0 || line) {
      await context.events.publish(
        tx,
        'meeting.changed',
        {
          meetingId: meeting.id,
          slotId: meeting.slotId,
          teacherId: teacher.id,
          changes,
          line,
          fromLine: false,
        },
        now,
      );
    }
    if (extra < 0) await releaseSeats(tx, context, meeting.slotId, -extra);
    return { unchanged: false, waitlisted };
  });
  const meeting = await meetingViewFor(teacher, input.id, deps);
  if (!meeting) throw new Error(`meeting ${input.id} vanished while changed`);
  return { meeting, ...outcome };
}

/** A field of the change: absent keeps the stored value, null clears it. */
function pick<T>(given: T | null | undefined, stored: T | null): T | null {
  return given === undefined ? stored : given;
}

/**
 * The line gives a booking the extra seats its teacher waited for (waitlist/offers.ts, in the write that
 * freed them): taken through the slots domain's conditional write, the group's size grown, both sides told.
 * False when the seats are not there or the booking no longer stands.
 */
export async function growBookingFromLine(
  tx: DbOrTx,
  context: EventContext,
  meetingId: number,
  extra: number,
): Promise<boolean> {
  const meeting = await findMeetingFact(tx, meetingId);
  if (!meeting || meeting.status === 'cancelled' || meeting.startsAt.getTime() <= context.now.getTime()) {
    return false;
  }
  if (!(await takeMoreSeats(tx, meeting.slotId, extra, context.now))) return false;
  const participantsCount = meeting.participantsCount + extra;
  await tx.update(meetings).set({ participantsCount }).where(eq(meetings.id, meetingId));
  await context.events.publish(
    tx,
    'meeting.changed',
    {
      meetingId,
      slotId: meeting.slotId,
      teacherId: meeting.teacherId,
      changes: [
        {
          label: 'Nombre de participants',
          before: String(meeting.participantsCount),
          after: String(participantsCount),
        },
      ],
      line: null,
      fromLine: true,
    },
    context.now,
  );
  return true;
}

/**
 * `meeting.changed` → the company is told what changed, old → new (PRODUCT.md, Third wave: « What a change
 * tells whom »), with the updated invitation; the teacher too when the line gave the seats (they did not
 * make that change themselves). A change the company does not care about (the group, the line) tells nobody.
 */
export const tellBookingChange: Subscriber<'meeting.changed'> = {
  name: 'meetings.tellBookingChange',
  runs: 'afterCommit',
  async handle(tx, events, context) {
    for (const event of events) {
      if (event.changes.length === 0) continue;
      await tellBothSides(
        tx,
        context,
        'bookingChanged',
        [event.meetingId],
        () => ({ changes: event.changes, fromLine: event.fromLine }),
        event.fromLine ? undefined : 'company',
      );
    }
  },
};
