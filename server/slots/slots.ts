import { and, asc, desc, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import { SLOT_MESSAGES, type SlotInput } from '../../common/slots.ts';
import { utcToZonedWallClock, zonedWallClockToUtc } from '../../common/time.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { companies, departments, meetings, slots } from '../../db/schema.ts';
import { AppError, invalidInput } from '../errors.ts';
import { cancelBookings, liveBookingsOfSlot, tellBothSides } from '../meetings/index.ts';

export type SlotRow = typeof slots.$inferSelect;

export interface SlotDeps {
  db: Db;
  now: Date;
  publicUrl: string;
}

/** The reason teachers read when a company deletes a slot they had booked. */
export const SLOT_DELETED_REASON = "L'entreprise a supprimé ce créneau";

const MINUTE_MS = 60_000;

/** The IANA zone of the company's department (PRODUCT.md, Time): slots are typed in it. */
async function companyTimeZone(db: DbOrTx, companyId: number): Promise<string> {
  const [row] = await db
    .select({ timeZone: departments.timeZone })
    .from(companies)
    .innerJoin(departments, eq(departments.code, companies.departmentCode))
    .where(eq(companies.id, companyId));
  return row?.timeZone ?? 'Europe/Paris';
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
  };
}

/** A new slot of the company, typed in its zone; only future slots can be created. */
export async function createSlot(deps: SlotDeps, companyId: number, input: SlotInput): Promise<SlotRow> {
  const schedule = scheduleOf(input, await companyTimeZone(deps.db, companyId), deps.now);
  const [slot] = await deps.db
    .insert(slots)
    .values({ companyId, ...schedule, ...columnsOf(input), createdAt: deps.now })
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
  deps: SlotDeps,
  companyId: number,
  slotId: number,
  input: SlotInput,
): Promise<SlotRow> {
  return deps.db.transaction(async (tx) => {
    const before = await findOwnSlot(tx, companyId, slotId);
    if (before.startsAt.getTime() <= deps.now.getTime())
      throw invalidInput({ date: SLOT_MESSAGES.pastSlotLocked });
    const schedule = scheduleOf(input, before.timeZone, deps.now);
    const [slot] = await tx
      .update(slots)
      .set({ ...schedule, ...columnsOf(input), updatedAt: deps.now })
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
      const postponed = await tx
        .update(meetings)
        .set({ status: 'reported' })
        .where(and(eq(meetings.slotId, slotId), ne(meetings.status, 'cancelled')))
        .returning({ id: meetings.id });
      await tellBothSides(
        tx,
        deps,
        'meetingMoved',
        postponed.map((m) => m.id),
        () => ({ previousStartsAt: before.startsAt.toISOString() }),
      );
    }
    return slot;
  });
}

/**
 * Deletes a slot (after the company confirmed): its live bookings are cancelled and both sides told. A
 * slot that was ever booked stays as a closed row (`deletedAt`, no seat) so that the teachers keep the
 * cancelled meeting in their history; one never booked is deleted outright.
 */
export async function deleteSlot(deps: SlotDeps, companyId: number, slotId: number, cancelledBy: number) {
  await deps.db.transaction(async (tx) => {
    await findOwnSlot(tx, companyId, slotId);
    const cancelled = await cancelBookings(tx, await liveBookingsOfSlot(tx, slotId), {
      reason: SLOT_DELETED_REASON,
      cancelledBy,
      now: deps.now,
    });
    await tellBothSides(
      tx,
      deps,
      'meetingCancelled',
      cancelled.map((m) => m.id),
      () => ({ cancelledBy: 'company' as const, reason: SLOT_DELETED_REASON }),
    );
    const [booked] = await tx
      .select({ id: meetings.id })
      .from(meetings)
      .where(eq(meetings.slotId, slotId))
      .limit(1);
    if (booked) {
      await tx
        .update(slots)
        .set({ deletedAt: deps.now, maxParticipants: 0, seatsTaken: 0, updatedAt: deps.now })
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
  deps: SlotDeps,
  companyId: number,
  slotId: number,
  dates: string[],
): Promise<SlotRow[]> {
  const source = await findOwnSlot(deps.db, companyId, slotId);
  const { time } = utcToZonedWallClock(source.startsAt, source.timeZone);
  const copies = dates.map((date, index) => {
    const startsAt = zonedWallClockToUtc(date, time, source.timeZone);
    if (startsAt.getTime() <= deps.now.getTime())
      throw invalidInput({ [`dates.${index}`]: SLOT_MESSAGES.pastSlot });
    return {
      ...columnsOfRow(source),
      companyId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + source.durationMinutes * MINUTE_MS),
      timeZone: source.timeZone,
      seriesId: source.seriesId ?? source.id,
      createdAt: deps.now,
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
