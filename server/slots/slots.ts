import { and, asc, desc, eq, gt, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { SLOT_MESSAGES, type SlotInput } from '../../common/slots.ts';
import { utcToZonedWallClock, zonedWallClockToUtc } from '../../common/time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { slots } from '../../db/schema/slots.ts';
import { findCompanyById } from '../companies/index.ts';
import { type Deps, eventContext } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import {
  cancelBookingsOfSlot,
  hasMeetings,
  postponeBookingsOfSlot,
  slotIdsWithMeetings,
} from '../meetings/index.ts';
import { requireRecruiter } from '../permissions.ts';
import { timeZoneOfDepartment } from '../territory/index.ts';

export type SlotRow = typeof slots.$inferSelect;

/** The reason teachers read when a company deletes a slot they had booked. */
export const SLOT_DELETED_REASON = "L'entreprise a supprimé ce créneau";

const MINUTE_MS = 60_000;

/** The IANA zone of the company's department (PRODUCT.md, Time): slots are typed in it. */
export async function companyTimeZone(db: DbOrTx, companyId: number): Promise<string> {
  const company = await findCompanyById(db, companyId);
  return timeZoneOfDepartment(company?.departmentCode ?? null);
}

/** The instants of a slot typed in `timeZone`; a slot that would not start in the future is refused. */
function scheduleOf(input: SlotInput, timeZone: string, now: Date) {
  const startsAt = zonedWallClockToUtc(input.date, input.time, timeZone);
  if (startsAt.getTime() <= now.getTime()) throw invalidInput({ date: SLOT_MESSAGES.pastSlot });
  return { startsAt, endsAt: new Date(startsAt.getTime() + input.durationMinutes * MINUTE_MS), timeZone };
}

function columnsOf(input: SlotInput) {
  return {
    durationMinutes: input.durationMinutes,
    meetingType: input.meetingType,
    publicCategories: input.publicCategories,
    subjects: input.subjects,
    maxParticipants: input.maxParticipants,
    speakerName: input.speaker.name,
    speakerFirstname: input.speaker.firstname,
    speakerEmail: input.speaker.email,
    speakerPhone: input.speaker.phone,
    speakerRole: input.speaker.role,
    description: input.description ?? null,
    videoLink: input.videoLink ?? null,
    placeLabel: input.place?.label ?? null,
    placeLat: input.place?.lat ?? null,
    placeLng: input.place?.lng ?? null,
  };
}

/** A new slot of the recruiter's company, typed in its zone; only future slots can be created. */
export async function createSlot(viewer: Viewer | null, input: SlotInput, deps: Deps): Promise<SlotRow> {
  const { companyId } = requireRecruiter(viewer);
  const now = deps.clock.now();
  const schedule = scheduleOf(input, await companyTimeZone(deps.db, companyId), now);
  const [slot] = await deps.db
    .insert(slots)
    .values({ companyId, ...schedule, ...columnsOf(input), createdAt: now })
    .returning();
  if (!slot) throw new Error('slot not inserted');
  return slot;
}

/** The company's slot, not deleted; NOT_FOUND for another company's. */
export async function findOwnSlot(db: DbOrTx, companyId: number, slotId: number): Promise<SlotRow> {
  const [slot] = await db
    .select()
    .from(slots)
    .where(and(eq(slots.id, slotId), eq(slots.companyId, companyId), isNull(slots.deletedAt)));
  if (!slot) throw new AppError('NOT_FOUND');
  return slot;
}

/**
 * Edits a future slot. The capacity cannot go below the seats booked, which the UPDATE itself checks, so
 * a booking made meanwhile cannot be overrun. Moving it (date, time or duration) puts its live bookings in
 * `reported` and tells both sides, with the updated invitation; all in one transaction.
 */
export async function updateSlot(
  viewer: Viewer | null,
  { id: slotId, input }: { id: number; input: SlotInput },
  deps: Deps,
): Promise<SlotRow> {
  const { companyId } = requireRecruiter(viewer);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await findOwnSlot(tx, companyId, slotId);
    if (before.startsAt.getTime() <= now.getTime())
      throw invalidInput({ date: SLOT_MESSAGES.pastSlotLocked });
    const schedule = scheduleOf(input, before.timeZone, now);
    const [slot] = await tx
      .update(slots)
      .set({ ...schedule, ...columnsOf(input), updatedAt: now })
      .where(and(eq(slots.id, slotId), lte(slots.seatsTaken, input.maxParticipants)))
      .returning();
    if (!slot) {
      const { seatsTaken } = await findOwnSlot(tx, companyId, slotId);
      throw invalidInput({ maxParticipants: SLOT_MESSAGES.capacityBelowBooked(seatsTaken) });
    }
    const moved =
      slot.startsAt.getTime() !== before.startsAt.getTime() ||
      slot.durationMinutes !== before.durationMinutes;
    if (moved) {
      await postponeBookingsOfSlot(tx, eventContext(deps, now), slotId, before.startsAt);
    }
    // More seats may go to the slot's waitlist (server/main/subscribers.ts).
    if (slot.maxParticipants > before.maxParticipants) {
      await deps.events.publish(tx, 'slot.seatsFreed', { slotId }, now);
    }
    return slot;
  });
}

/**
 * Deletes a slot (after the company confirmed): its live bookings are cancelled and both sides told. A
 * slot that was ever booked stays as a closed row (`deletedAt`, no seat) so that the teachers keep the
 * cancelled meeting in their history; one never booked is deleted outright.
 */
export async function deleteSlot(viewer: Viewer | null, { id: slotId }: { id: number }, deps: Deps) {
  const recruiter = requireRecruiter(viewer);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await findOwnSlot(tx, recruiter.companyId, slotId);
    await cancelBookingsOfSlot(tx, eventContext(deps, now), slotId, {
      cancelledBy: recruiter.id,
      reason: SLOT_DELETED_REASON,
    });
    if (await hasMeetings(tx, slotId)) {
      await tx
        .update(slots)
        .set({ deletedAt: now, maxParticipants: 0, seatsTaken: 0, seatsHeld: 0, updatedAt: now })
        .where(eq(slots.id, slotId));
    } else {
      await tx.delete(slots).where(eq(slots.id, slotId));
    }
  });
}

/**
 * Copies a slot onto other dates at the same wall-clock time in its zone (a weekly series in one step).
 * The copies share a series id; they start free. Every date must be in the future, or none is created.
 */
export async function duplicateSlot(
  viewer: Viewer | null,
  { id: slotId, dates }: { id: number; dates: string[] },
  deps: Deps,
): Promise<SlotRow[]> {
  const { companyId } = requireRecruiter(viewer);
  const now = deps.clock.now();
  const source = await findOwnSlot(deps.db, companyId, slotId);
  const { time } = utcToZonedWallClock(source.startsAt, source.timeZone);
  const copies = dates.map((date, index) => {
    const startsAt = zonedWallClockToUtc(date, time, source.timeZone);
    if (startsAt.getTime() <= now.getTime())
      throw invalidInput({ [`dates.${index}`]: SLOT_MESSAGES.pastSlot });
    return {
      ...columnsOfRow(source),
      companyId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + source.durationMinutes * MINUTE_MS),
      timeZone: source.timeZone,
      seriesId: source.seriesId ?? source.id,
      createdAt: now,
    };
  });
  return deps.db.transaction(async (tx) => {
    if (source.seriesId === null)
      await tx.update(slots).set({ seriesId: source.id }).where(eq(slots.id, source.id));
    return tx.insert(slots).values(copies).returning();
  });
}

function columnsOfRow(slot: SlotRow) {
  const {
    id: _id,
    companyId: _company,
    startsAt: _starts,
    endsAt: _ends,
    seatsTaken: _taken,
    createdAt: _created,
    updatedAt: _updated,
    deletedAt: _deleted,
    seriesId: _series,
    ...columns
  } = slot;
  return columns;
}

/** The company's slots that have not ended (soonest first), or that have (latest first). */
export function listCompanySlots(db: DbOrTx, companyId: number, period: 'upcoming' | 'past', now: Date) {
  return db
    .select()
    .from(slots)
    .where(
      and(
        eq(slots.companyId, companyId),
        isNull(slots.deletedAt),
        period === 'upcoming' ? gt(slots.endsAt, now) : lte(slots.endsAt, now),
      ),
    )
    .orderBy(period === 'upcoming' ? asc(slots.startsAt) : desc(slots.startsAt), asc(slots.id));
}

/** A company's slots that have not started yet, soonest first: what a teacher may book. */
export function upcomingSlotsOfCompany(db: DbOrTx, companyId: number, now: Date) {
  return db
    .select()
    .from(slots)
    .where(and(eq(slots.companyId, companyId), isNull(slots.deletedAt), gt(slots.startsAt, now)))
    .orderBy(asc(slots.startsAt), asc(slots.id));
}

/** The slot, unless deleted; `includeDeleted` for the history of the meetings it had. */
export async function findSlotById(
  db: DbOrTx,
  id: number,
  { includeDeleted = false } = {},
): Promise<SlotRow | null> {
  const [slot] = await db
    .select()
    .from(slots)
    .where(includeDeleted ? eq(slots.id, id) : and(eq(slots.id, id), isNull(slots.deletedAt)));
  return slot ?? null;
}

/** The slots of these ids (each once, in no order), unless deleted; `includeDeleted` as findSlotById. */
export async function findSlotsByIds(
  db: DbOrTx,
  ids: number[],
  { includeDeleted = false } = {},
): Promise<SlotRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db
    .select()
    .from(slots)
    .where(
      includeDeleted ? inArray(slots.id, unique) : and(inArray(slots.id, unique), isNull(slots.deletedAt)),
    );
}

/** The free slots of a company still open (seats left, not started): for its home page. */
export function openSlotsOfCompany(db: DbOrTx, companyId: number, now: Date, limit: number) {
  return db
    .select()
    .from(slots)
    .where(
      and(
        eq(slots.companyId, companyId),
        isNull(slots.deletedAt),
        gt(slots.startsAt, now),
        sql`${slots.seatsTaken} < ${slots.maxParticipants}`,
      ),
    )
    .orderBy(asc(slots.startsAt), asc(slots.id))
    .limit(limit);
}

/**
 * A company that leaves the platform offers no future slot (every available slot belongs to a validated
 * company): a future slot that was booked is kept closed (no seat, never available again) so that the
 * teachers keep the cancelled meeting in their history; the others are deleted. Past slots stay, with
 * their meetings and feedback. Its bookings are cancelled first (meetings' cancelFutureBookingsOfCompany).
 */
export async function closeFutureSlotsOfCompany(tx: DbOrTx, companyId: number, now: Date): Promise<void> {
  const future = and(eq(slots.companyId, companyId), gt(slots.startsAt, now));
  const ids = (await tx.select({ id: slots.id }).from(slots).where(future)).map((row) => row.id);
  if (ids.length === 0) return;
  const booked = await slotIdsWithMeetings(tx, ids);
  await tx
    .update(slots)
    .set({ seatsTaken: 0, seatsHeld: 0, maxParticipants: 0 })
    .where(and(future, inArray(slots.id, booked)));
  await tx.delete(slots).where(and(future, notInArray(slots.id, booked)));
}

/** Whether the company has a slot to come (deleted ones aside). */
export async function hasUpcomingSlot(db: DbOrTx, companyId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: slots.id })
    .from(slots)
    .where(and(eq(slots.companyId, companyId), gt(slots.startsAt, now), isNull(slots.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/** All of a company's slots still standing, latest first: the operators' view of a company. */
export function slotsOfCompany(db: DbOrTx, companyId: number, limit: number) {
  return db
    .select()
    .from(slots)
    .where(and(eq(slots.companyId, companyId), isNull(slots.deletedAt)))
    .orderBy(desc(slots.startsAt), desc(slots.id))
    .limit(limit);
}

/** The company's latest slot by creation, deleted ones included (a speaker is worth prefilling still). */
export async function latestSlotOfCompany(db: DbOrTx, companyId: number): Promise<SlotRow | null> {
  const [slot] = await db
    .select()
    .from(slots)
    .where(eq(slots.companyId, companyId))
    .orderBy(desc(slots.createdAt), desc(slots.id))
    .limit(1);
  return slot ?? null;
}

/**
 * Holds `seats` of a slot for a waitlist offer (docs/decisions/0041): counted in `seats_taken`, so that
 * every check of the seats left (the booking's conditional write, the search, "complet") counts them, and
 * in `seats_held`, which the booking of the offer gives up. The UPDATE is the check: never above the
 * capacity, whatever the concurrency; false when the seats are not there (or the slot is closed or started).
 */
export async function holdSeats(tx: DbOrTx, slotId: number, seats: number, now: Date): Promise<boolean> {
  const result = await tx.run(
    sql`UPDATE slots SET seats_taken = seats_taken + ${seats}, seats_held = seats_held + ${seats}
      WHERE id = ${slotId} AND deleted_at IS NULL AND starts_at > ${now.getTime()}
        AND seats_taken + ${seats} <= max_participants`,
  );
  return result.rowsAffected === 1;
}

/** Gives back seats an offer held and did not book (it lapsed, or was declined). */
export async function releaseHeldSeats(tx: DbOrTx, slotId: number, seats: number): Promise<void> {
  await tx.run(
    sql`UPDATE slots SET seats_taken = max(seats_taken - ${seats}, 0), seats_held = max(seats_held - ${seats}, 0)
      WHERE id = ${slotId}`,
  );
}
