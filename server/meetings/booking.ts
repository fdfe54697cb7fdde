import type { InStatement } from '@libsql/client';
import type { PublicCategory } from '../../common/constants.ts';
import { type BookingFormInput, SLOT_MESSAGES } from '../../common/slots.ts';
import { establishmentOfTeacherSql } from '../accounts/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireKind } from '../permissions.ts';
import {
  type SeatRequest,
  type SlotSeats,
  type SlotView,
  seatsOf,
  slotViewById,
  takeHeldSeatsStatement,
  takeSeatsStatement,
} from '../slots/index.ts';
import { ownGroupIdOrNull } from './meeting-group.ts';
import { liveMeetingOfTeacher } from './meetings.ts';
import { type MeetingView, meetingViewFor } from './views.ts';

export interface BookSlotInput {
  teacherId: number;
  slotId: number;
  participantsCount: number;
  publicCategory: PublicCategory;
  message?: string | null;
  accompanyingAdultName?: string | null;
  accompanyingAdultPhone?: string | null;
  acceptCharter: boolean;
  /** Defaults to the teacher's own establishment. */
  establishmentId?: number | null;
  /** The teacher's group it is filed in (« Mes classes »), checked by the caller (`ownGroupIdOrNull`). */
  groupId?: number | null;
  /**
   * The waitlist offer this booking turns into a meeting (docs/decisions/0041), in the waitlist's own SQL:
   * the condition that the offer still stands, and the statement that marks it booked once the meeting is
   * written. The seats it holds become the booking's, instead of seats left.
   */
  heldBy?: {
    offerStands: { sql: string; args: Record<string, string | number> };
    markBooked: InStatement;
  };
}

/*
 * The booking is one `batch(…, 'write')`: on a file the client runs it synchronously on one pooled
 * connection between BEGIN IMMEDIATE and COMMIT, so nothing interleaves inside a process, and BEGIN
 * IMMEDIATE waits for another process's write lock up to the busy timeout. Over HTTP (Turso) the batch is
 * one pipeline request that the server runs as one transaction. Each domain writes its own table in it:
 * the slots domain takes the seats (its conditional UPDATE is the only check that counts, slots/seats.ts),
 * this one inserts the meeting only when that UPDATE changed its row (`changes() = 1`), the waitlist marks
 * its offer booked, and the events record `meeting.booked` in the same write (the e-mails cannot be lost).
 * A second live booking of the same slot by the same teacher meets the unique index
 * `meetings_slot_teacher_live_idx`, which rolls the whole batch back.
 */
const INSERT_MEETING = `INSERT INTO meetings (slot_id, teacher_id, establishment_id, status, participants_count,
  public_category, message, accompanying_adult_name, accompanying_adult_phone, charter_accepted_at, created_at,
  group_id)
SELECT :slot, :teacher, coalesce(:establishment, ${establishmentOfTeacherSql(':teacher')}), 'confirmed', :n,
  :category, :message, :adultName, :adultPhone, :now, :now, :group
WHERE changes() = 1
RETURNING id`;

/** What a booking's write did: the new meeting, and its slot's seats as the write left them. */
export interface Booking {
  meetingId: number;
  seats: SlotSeats;
}

/**
 * Books `participantsCount` seats of an open slot for a teacher, instantly confirmed; returns the new
 * meeting's id and the slot's seats after it (the seat statement's own RETURNING). The write itself checks
 * everything (the slot open, its public, its seats): a booking that goes through costs one round trip, and
 * only a refused one reads why. Seats taken never exceed the
 * capacity whatever the concurrency; a refused booking writes nothing and fails with
 * `charter_not_accepted`, `NOT_FOUND` (no such slot, or not on offer), BAD_USER_INPUT, `already_booked`,
 * `slot_full` or `waitlist_offer_expired`.
 */
export async function bookSlot(
  deps: Pick<Deps, 'db' | 'events'>,
  input: BookSlotInput,
  now: Date,
): Promise<Booking> {
  if (!input.acceptCharter) throw new AppError('charter_not_accepted');
  const { slotId, teacherId, participantsCount: n, publicCategory } = input;
  if (!Number.isInteger(n) || n < 1) {
    throw invalidInput({ participantsCount: SLOT_MESSAGES.participantsAtLeastOne });
  }
  const request: SeatRequest = { slotId, seats: n, category: publicCategory, now };
  const args = { slot: slotId, teacher: teacherId, n, category: publicCategory, now: now.getTime() };
  let booking: Booking | undefined;
  try {
    const results = await deps.db.client.batch(
      [
        input.heldBy
          ? takeHeldSeatsStatement(request, input.heldBy.offerStands)
          : takeSeatsStatement(request),
        {
          sql: INSERT_MEETING,
          args: {
            ...args,
            establishment: input.establishmentId ?? null,
            message: input.message ?? null,
            adultName: input.accompanyingAdultName ?? null,
            adultPhone: input.accompanyingAdultPhone ?? null,
            group: input.groupId ?? null,
          },
        },
        ...(input.heldBy ? [input.heldBy.markBooked] : []),
        {
          sql: deps.events.recordStatement('meeting.booked', "json_object('meetingId', last_insert_rowid())"),
          args: { now: args.now },
        },
      ],
      'write',
    );
    const id = results[1]?.rows[0]?.id;
    const seats = seatsOf(results[0]);
    if (id !== undefined && id !== null && seats) booking = { meetingId: Number(id), seats };
  } catch (e) {
    if (isLiveBookingConflict(e)) throw new AppError('already_booked');
    throw e;
  }
  if (!booking) throw await refusalReason(deps, input, now);
  return booking;
}

/** The slot is on offer (slots/open.ts) and offers the group's public; NOT_FOUND or BAD_USER_INPUT otherwise. */
function assertBookable(slot: SlotView | null, publicCategory: PublicCategory): asserts slot is SlotView {
  if (!slot?.onOffer) throw new AppError('NOT_FOUND');
  if (!slot.publicCategories.includes(publicCategory)) {
    throw invalidInput({ publicCategory: SLOT_MESSAGES.categoryNotOffered });
  }
}

/** Why the conditional write took nothing: read after the fact, the decision is already made. */
async function refusalReason(deps: Pick<Deps, 'db'>, input: BookSlotInput, now: Date): Promise<AppError> {
  if (await liveMeetingOfTeacher(deps.db, input.slotId, input.teacherId))
    return new AppError('already_booked');
  if (input.heldBy) return new AppError('waitlist_offer_expired');
  const slot = await slotViewById(deps.db, input.slotId, now);
  try {
    assertBookable(slot, input.publicCategory);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  return slotFull(slot);
}

/** slot_full, with the seats still left and the slot's state, so that its card can say them. */
function slotFull(slot: SlotView): AppError {
  return new AppError('slot_full', { extensions: { seatsLeft: slot.seatsLeft, state: slot.state } });
}

function isLiveBookingConflict(e: unknown): boolean {
  return (
    e instanceof Error &&
    e.message.includes('UNIQUE constraint failed') &&
    e.message.includes('meetings.slot_id') &&
    e.message.includes('meetings.teacher_id')
  );
}

/** The new meeting as its teacher reads it, with its slot's seats as the booking left them (`slotSeats`). */
export type BookedMeetingView = MeetingView & { slotSeats: SlotSeats };

/**
 * The teacher's booking (PRODUCT.md, Meetings), the teacher's own establishment recorded with it, filed in
 * one of their groups when they chose one (a group that is not theirs is refused before anything is written).
 */
export async function bookSlotFor(
  viewer: Viewer | null,
  input: BookingFormInput & { slotId: number },
  deps: Deps,
): Promise<BookedMeetingView> {
  const teacher = requireKind(viewer, 'teacher');
  // No group chosen: nothing to check, and no visit to the groups' code.
  const groupId = input.groupId ? await ownGroupIdOrNull(deps.db, teacher.id, input.groupId) : null;
  const { meetingId, seats } = await bookSlot(
    deps,
    { ...input, teacherId: teacher.id, groupId },
    deps.clock.now(),
  );
  const meeting = await meetingViewFor(teacher, meetingId, deps);
  if (!meeting) throw new Error(`meeting ${meetingId} not found after booking`);
  return { ...meeting, slotSeats: seats };
}
