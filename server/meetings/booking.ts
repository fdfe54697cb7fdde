import { and, eq, ne } from 'drizzle-orm';
import type { PublicCategory } from '../../common/constants.ts';
import { type BookingFormInput, SLOT_MESSAGES } from '../../common/slots.ts';
import type { Db } from '../../db/client.ts';
import { meetings } from '../../db/schema/meetings.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireKind } from '../permissions.ts';
import { MEETING_BOOKED_TOPIC } from './events.ts';
import { findMeetingFact, type MeetingFact } from './facts.ts';

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
  /**
   * A waitlist offer this booking turns into a meeting (docs/decisions/0041): the seats the offer holds
   * become the booking's, instead of seats left.
   */
  heldBy?: { waitlistEntryId: number };
}

export type Meeting = typeof meetings.$inferSelect;

/*
 * Taking the seats and recording the meeting is one `batch(…, 'write')`: on a file the client runs it
 * synchronously on one pooled connection between BEGIN IMMEDIATE and COMMIT, so nothing interleaves
 * inside a process, and BEGIN IMMEDIATE waits for another process's write lock up to the busy timeout
 * (measured: it succeeds after 1.5 s behind a writer holding the lock 1.5 s). Over HTTP (Turso) the
 * batch is one pipeline request that the server runs as one transaction. drizzle's `transaction()` would
 * instead hold the lock across awaits, which is what produced "database is locked" (FIELD-NOTES).
 *
 * The UPDATE is the only check that counts: it takes the seats only if they are left, the slot has not
 * started, the category is still offered and the teacher holds no live booking on it (so a second
 * booking never takes seats). The INSERT runs only when that UPDATE changed its row: `changes()` is the
 * previous statement's count on the same connection, and the trigger writes on slot_open_hours are not
 * counted in it. The third statement records the "booked" event in the outbox, in the same write, when
 * the meeting was inserted (`last_insert_rowid()` is its id): the e-mails cannot be lost.
 */
const TAKE_SEATS = `UPDATE slots SET seats_taken = seats_taken + :n
WHERE id = :slot AND deleted_at IS NULL AND starts_at > :now AND seats_taken + :n <= max_participants
  AND EXISTS (SELECT 1 FROM json_each(slots.public_categories) WHERE value = :category)
  AND NOT EXISTS (SELECT 1 FROM meetings WHERE slot_id = :slot AND teacher_id = :teacher AND status <> 'cancelled')`;

/*
 * The booking of seats a waitlist offer holds: the same conditions, but the seats are already counted in
 * `seats_taken` (and in `seats_held`, which gives them up), and only while the offer stands. The offer is
 * marked booked in the same write, so the seats cannot be both given up by a lapse and booked.
 */
const TAKE_HELD_SEATS = `UPDATE slots SET seats_held = seats_held - :n
WHERE id = :slot AND deleted_at IS NULL AND starts_at > :now AND seats_held >= :n
  AND EXISTS (SELECT 1 FROM json_each(slots.public_categories) WHERE value = :category)
  AND NOT EXISTS (SELECT 1 FROM meetings WHERE slot_id = :slot AND teacher_id = :teacher AND status <> 'cancelled')
  AND EXISTS (SELECT 1 FROM waitlist_entries WHERE id = :entry AND slot_id = :slot AND teacher_id = :teacher
    AND status = 'offered' AND group_size = :n AND offer_expires_at > :now)`;

/** After the meeting's INSERT, whose id `last_insert_rowid()` still is (an UPDATE does not change it). */
const MARK_OFFER_BOOKED = `UPDATE waitlist_entries SET status = 'booked', closed_at = :now, meeting_id = last_insert_rowid()
WHERE id = :entry AND status = 'offered' AND changes() = 1`;

const INSERT_MEETING = `INSERT INTO meetings (slot_id, teacher_id, establishment_id, status, participants_count,
  public_category, message, accompanying_adult_name, accompanying_adult_phone, charter_accepted_at, created_at)
SELECT :slot, :teacher, coalesce(:establishment, (SELECT establishment_id FROM users WHERE id = :teacher)),
  'confirmed', :n, :category, :message, :adultName, :adultPhone, :now, :now
WHERE changes() = 1
RETURNING id`;

/** The booking's e-mails are composed from this event, recorded in the same write (events.ts). */
const RECORD_BOOKED_EVENT = `INSERT INTO outbox (topic, payload, status, attempts, next_attempt_at, created_at)
SELECT '${MEETING_BOOKED_TOPIC}', json_object('meetingId', last_insert_rowid()), 'pending', 0, :now, :now
WHERE changes() = 1`;

/**
 * Books `participantsCount` seats of a future slot for a teacher, instantly confirmed. Seats taken never
 * exceed the capacity whatever the concurrency; a refused booking writes nothing and fails with
 * `charter_not_accepted`, `NOT_FOUND` (no such slot, or it has started), BAD_USER_INPUT, `already_booked`
 * or `slot_full`.
 */
export async function bookSlot(db: Db, input: BookSlotInput, now: Date): Promise<Meeting> {
  if (!input.acceptCharter) throw new AppError('charter_not_accepted');
  const { slotId, teacherId, participantsCount: n, publicCategory } = input;
  if (!Number.isInteger(n) || n < 1) {
    throw invalidInput({ participantsCount: SLOT_MESSAGES.participantsAtLeastOne });
  }

  const slot = await readSlot(db, slotId);
  assertBookable(slot, publicCategory, now);
  const held = input.heldBy?.waitlistEntryId;
  if (held === undefined && slot.seatsTaken + n > slot.maxParticipants) throw slotFull(slot);

  const args = {
    n,
    slot: slotId,
    teacher: teacherId,
    category: publicCategory,
    now: now.getTime(),
  };
  let meetingId: number | undefined;
  try {
    const results = await db.client.batch(
      [
        held === undefined
          ? { sql: TAKE_SEATS, args }
          : { sql: TAKE_HELD_SEATS, args: { ...args, entry: held } },
        {
          sql: INSERT_MEETING,
          args: {
            ...args,
            establishment: input.establishmentId ?? null,
            message: input.message ?? null,
            adultName: input.accompanyingAdultName ?? null,
            adultPhone: input.accompanyingAdultPhone ?? null,
          },
        },
        ...(held === undefined ? [] : [{ sql: MARK_OFFER_BOOKED, args: { entry: held, now: args.now } }]),
        { sql: RECORD_BOOKED_EVENT, args: { now: args.now } },
      ],
      'write',
    );
    const id = results[1]?.rows[0]?.id;
    if (id !== undefined && id !== null) meetingId = Number(id);
  } catch (e) {
    // The partial unique index only fires if the NOT EXISTS guard was bypassed; the batch is rolled back.
    if (isLiveBookingConflict(e)) throw new AppError('already_booked');
    throw e;
  }

  if (meetingId === undefined) throw await refusalReason(db, input, now);
  const [meeting] = await db.select().from(meetings).where(eq(meetings.id, meetingId));
  if (!meeting) throw new Error(`meeting ${meetingId} not found after booking`);
  return meeting;
}

/*
 * The slot as the booking sees it, with its company's state: read in SQL beside the booking's own write,
 * the one pair of statements that spans the slots and meetings tables (docs/decisions/0023).
 */
const READ_SLOT = `SELECT s.starts_at, s.public_categories, s.max_participants, s.seats_taken, s.deleted_at,
  c.status AS company_status
FROM slots s JOIN companies c ON c.id = s.company_id WHERE s.id = ?`;

async function readSlot(db: Db, slotId: number) {
  const { rows } = await db.client.execute({ sql: READ_SLOT, args: [slotId] });
  const row = rows[0];
  if (!row) return undefined;
  return {
    startsAt: new Date(Number(row.starts_at)),
    publicCategories: JSON.parse(String(row.public_categories)) as PublicCategory[],
    maxParticipants: Number(row.max_participants),
    seatsTaken: Number(row.seats_taken),
    deleted: row.deleted_at !== null,
    // Only a validated company's slots are on offer (its others are closed when it leaves the platform).
    offered: row.company_status === 'validated',
  };
}

function assertBookable(
  slot: Awaited<ReturnType<typeof readSlot>>,
  publicCategory: PublicCategory,
  now: Date,
): asserts slot is NonNullable<typeof slot> {
  if (!slot || slot.deleted || !slot.offered || slot.startsAt.getTime() <= now.getTime()) {
    throw new AppError('NOT_FOUND');
  }
  if (!slot.publicCategories.includes(publicCategory)) {
    throw invalidInput({ publicCategory: SLOT_MESSAGES.categoryNotOffered });
  }
}

/** Why the conditional write took nothing: read after the fact, the decision is already made. */
async function refusalReason(db: Db, input: BookSlotInput, now: Date): Promise<AppError> {
  const [live] = await db
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      and(
        eq(meetings.slotId, input.slotId),
        eq(meetings.teacherId, input.teacherId),
        ne(meetings.status, 'cancelled'),
      ),
    );
  if (live) return new AppError('already_booked');
  if (input.heldBy) return new AppError('waitlist_offer_expired');
  try {
    assertBookable(await readSlot(db, input.slotId), input.publicCategory, now);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  const slot = await readSlot(db, input.slotId);
  return slotFull(slot);
}

/** slot_full, with the seats still left so that the form can say how many. */
function slotFull(slot: { maxParticipants: number; seatsTaken: number } | undefined): AppError {
  const seatsLeft = slot ? Math.max(slot.maxParticipants - slot.seatsTaken, 0) : 0;
  return new AppError('slot_full', { extensions: { seatsLeft } });
}

function isLiveBookingConflict(e: unknown): boolean {
  return (
    e instanceof Error &&
    e.message.includes('UNIQUE constraint failed') &&
    e.message.includes('meetings.slot_id') &&
    e.message.includes('meetings.teacher_id')
  );
}

/** The teacher's booking (PRODUCT.md, Meetings), the teacher's own establishment recorded with it. */
export async function bookSlotFor(
  viewer: Viewer | null,
  input: BookingFormInput & { slotId: number },
  deps: Deps,
): Promise<MeetingFact> {
  const teacher = requireKind(viewer, 'teacher');
  const meeting = await bookSlot(deps.db, { ...input, teacherId: teacher.id }, deps.clock.now());
  const fact = await findMeetingFact(deps.db, meeting.id);
  if (!fact) throw new Error(`meeting ${meeting.id} not found after booking`);
  return fact;
}
