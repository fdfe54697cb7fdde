import { and, asc, count, eq, inArray, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import type { PublicCategory } from '../../common/constants.ts';
import { SLOT_MESSAGES } from '../../common/slots.ts';
import { type JoinWaitlistInput, WAITLIST_MESSAGES } from '../../common/waitlist.ts';
import type { DbOrTx } from '../../db/client.ts';
import { waitlistEntries } from '../../db/schema/waitlist.ts';
import { isUniqueViolation } from '../accounts/index.ts';
import { companyRowById, companyRowsByIds } from '../companies/index.ts';
import { type Deps, eventContext } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { bookSlot, liveMeetingOfTeacher, type MeetingView, meetingViewFor } from '../meetings/index.ts';
import { canActOnWaitlistEntry, canTeacherReach, requireKind, requireRecruiter } from '../permissions.ts';
import { type SlotView, slotViewById, slotViewsByIds } from '../slots/index.ts';
import { endOffer, offerBooking } from './offers.ts';

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

/** An open entry as its teacher sees it: `position` is its rank in the line, 0 once seats are offered. */
export type WaitlistEntryView = WaitlistEntryRow & { position: number };

const OPEN = ['waiting', 'offered'] as const;

/**
 * Puts a teacher's group on the waitlist of a slot its group does not fit (PRODUCT.md, Meetings; decision
 * 0041): a slot of a company on the platform, not started, whose seats left are fewer than the group;
 * `slot_not_full` when the group could book it now, `already_booked` when the teacher holds a seat on it,
 * `waitlist_already_joined` when the teacher is already in its line. The group never exceeds the capacity.
 */
export async function joinWaitlist(
  viewer: Viewer | null,
  input: JoinWaitlistInput & { slotId: number },
  deps: Deps,
): Promise<WaitlistEntryView> {
  const teacher = requireKind(viewer, 'teacher');
  const now = deps.clock.now();
  const slot = await slotViewById(deps.db, input.slotId, now);
  const company = slot ? await companyRowById(deps.db, slot.companyId) : null;
  // A line is joined on a slot on offer (slots/open.ts): listed, not deleted, not started.
  if (!slot?.onOffer || !company || !canTeacherReach(teacher, company)) throw new AppError('NOT_FOUND');
  if (input.groupSize > slot.maxParticipants) {
    throw invalidInput({ groupSize: WAITLIST_MESSAGES.groupAboveCapacity(slot.maxParticipants) });
  }
  const publicCategory: PublicCategory = input.publicCategory ?? (slot.publicCategories[0] as PublicCategory);
  if (!slot.publicCategories.includes(publicCategory)) {
    throw invalidInput({ publicCategory: SLOT_MESSAGES.categoryNotOffered });
  }
  if (await liveMeetingOfTeacher(deps.db, slot.id, teacher.id)) throw new AppError('already_booked');
  if (slot.seatsLeft >= input.groupSize) throw new AppError('slot_not_full');
  try {
    const [entry] = await deps.db
      .insert(waitlistEntries)
      .values({
        slotId: slot.id,
        teacherId: teacher.id,
        groupSize: input.groupSize,
        publicCategory,
        createdAt: now,
      })
      .returning();
    if (!entry) throw new Error('waitlist entry not inserted');
    return { ...entry, position: await positionOf(deps.db, entry) };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('waitlist_already_joined');
    throw error;
  }
}

/** The entry of its own teacher; NOT_FOUND for anyone else's, or none. */
async function ownEntry(db: DbOrTx, viewer: Viewer | null, id: number): Promise<WaitlistEntryRow> {
  requireKind(viewer, 'teacher');
  const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  if (!entry || !canActOnWaitlistEntry(viewer, entry)) throw new AppError('NOT_FOUND');
  return entry;
}

/**
 * The teacher leaves the line; an offer in hand is declined, its seats going to the next in line at once.
 * False when the entry was already closed (booked, lapsed, left).
 */
export async function leaveWaitlist(
  viewer: Viewer | null,
  { id }: { id: number },
  deps: Deps,
): Promise<boolean> {
  const entry = await ownEntry(deps.db, viewer, id);
  const now = deps.clock.now();
  const context = eventContext(deps, now);
  return deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entry.id));
    if (current?.status === 'offered') return endOffer(tx, current, 'declined', context);
    if (current?.status !== 'waiting') return false;
    const [left] = await tx
      .update(waitlistEntries)
      .set({ status: 'left', closedAt: now })
      .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, 'waiting')))
      .returning({ id: waitlistEntries.id });
    return Boolean(left);
  });
}

/**
 * Accepts an offer: the held seats become a booking through the booking itself (meetings' bookSlot, same
 * checks: the charter, the slot still open, one booking per teacher), in one write with the offer marked
 * booked. `waitlist_offer_expired` when the offer lapsed, was declined, or the entry holds none.
 */
export async function acceptWaitlistOffer(
  viewer: Viewer | null,
  input: { id: number; acceptCharter: boolean },
  deps: Deps,
): Promise<MeetingView> {
  const entry = await ownEntry(deps.db, viewer, input.id);
  if (!input.acceptCharter) throw new AppError('charter_not_accepted');
  const now = deps.clock.now();
  if (
    entry.status !== 'offered' ||
    !entry.offerExpiresAt ||
    entry.offerExpiresAt.getTime() <= now.getTime()
  ) {
    throw new AppError('waitlist_offer_expired');
  }
  const { meetingId } = await bookSlot(
    deps,
    {
      teacherId: entry.teacherId,
      slotId: entry.slotId,
      participantsCount: entry.groupSize,
      publicCategory: entry.publicCategory,
      acceptCharter: true,
      heldBy: offerBooking(entry, now),
    },
    now,
  );
  const meeting = await meetingViewFor(viewer, meetingId, deps);
  if (!meeting) throw new Error(`meeting ${meetingId} not found after booking`);
  return meeting;
}

/**
 * Rank in the line of the slot: 1 + the waiting entries before it (by arrival, then by id); 0 for an offer
 * in hand. The one rank of the line: a teacher's own entry and a booking's request alike.
 */
export async function positionOf(db: DbOrTx, entry: WaitlistEntryRow): Promise<number> {
  if (entry.status !== 'waiting') return 0;
  const [row] = await db
    .select({ ahead: count() })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.slotId, entry.slotId),
        eq(waitlistEntries.status, 'waiting'),
        or(
          lt(waitlistEntries.createdAt, entry.createdAt),
          and(eq(waitlistEntries.createdAt, entry.createdAt), lt(waitlistEntries.id, entry.id)),
        ),
      ),
    );
  return (row?.ahead ?? 0) + 1;
}

/** An open entry with its slot and its company's name: what the teacher's pages show of it. */
export interface WaitlistCard {
  entry: WaitlistEntryView;
  slot: SlotView;
  companyName: string;
}

/**
 * Ranks in their lines of several entries, in one query: for each waiting entry, 1 + the waiting entries
 * before it on its slot (as positionOf); an offer in hand is 0.
 */
async function positionsOf(db: DbOrTx, entries: WaitlistEntryRow[]): Promise<Map<number, number>> {
  const positions = new Map(entries.map((entry) => [entry.id, entry.status === 'waiting' ? 1 : 0]));
  const waiting = entries.filter((entry) => entry.status === 'waiting').map((entry) => entry.id);
  if (waiting.length === 0) return positions;
  const before = alias(waitlistEntries, 'before');
  const rows = await db
    .select({ id: waitlistEntries.id, ahead: count(before.id) })
    .from(waitlistEntries)
    .leftJoin(
      before,
      and(
        eq(before.slotId, waitlistEntries.slotId),
        eq(before.status, 'waiting'),
        or(
          lt(before.createdAt, waitlistEntries.createdAt),
          and(eq(before.createdAt, waitlistEntries.createdAt), lt(before.id, waitlistEntries.id)),
        ),
      ),
    )
    .where(inArray(waitlistEntries.id, waiting))
    .groupBy(waitlistEntries.id);
  for (const row of rows) positions.set(row.id, row.ahead + 1);
  return positions;
}

/** The teacher's open entries on slots to come, soonest slot first, with their slots and positions. */
export async function myWaitlistCards(viewer: Viewer | null, deps: Deps): Promise<WaitlistCard[]> {
  const teacher = requireKind(viewer, 'teacher');
  const now = deps.clock.now();
  const entries = await deps.db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.teacherId, teacher.id), inArray(waitlistEntries.status, OPEN)))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  const slotsById = await slotViewsByIds(
    deps.db,
    entries.map((entry) => entry.slotId),
    now,
  );
  const kept = entries.flatMap((entry) => {
    const slot = slotsById.get(entry.slotId);
    return slot && !slot.started ? [{ entry, slot }] : [];
  });
  const companyIds = kept.map(({ slot }) => slot.companyId);
  const keptEntries = kept.map(({ entry }) => entry);
  const [companies, positions] = await Promise.all([
    companyRowsByIds(deps.db, companyIds),
    positionsOf(deps.db, keptEntries),
  ]);
  const names = new Map(companies.map((company) => [company.id, company.name]));
  const cards: WaitlistCard[] = kept.map(({ entry, slot }) => ({
    entry: { ...entry, position: positions.get(entry.id) ?? 0 },
    slot,
    companyName: names.get(slot.companyId) ?? '',
  }));
  return cards.sort((a, b) => a.slot.startsAt.localeCompare(b.slot.startsAt));
}

/** The teacher's waitlist cards for the pages that show them (decision 0041); none for anyone else. */
export async function waitlistCardsOf(viewer: Viewer | null, deps: Deps): Promise<WaitlistCard[]> {
  if (viewer?.kind !== 'teacher') return [];
  return myWaitlistCards(viewer, deps);
}

/** The teacher's open entries on slots to come, soonest slot first, each with its position. */
export async function myWaitlist(viewer: Viewer | null, deps: Deps): Promise<WaitlistEntryView[]> {
  return (await myWaitlistCards(viewer, deps)).map((card) => card.entry);
}

/** The length of each of the recruiter's company's slots' lines (its slots page); others' are left out. */
export async function waitlistLengthsFor(
  viewer: Viewer | null,
  slotIds: number[],
  deps: Deps,
): Promise<Map<number, number>> {
  const { companyId } = requireRecruiter(viewer);
  const slots = await slotViewsByIds(deps.db, slotIds, deps.clock.now(), { includeDeleted: true });
  const own = [...slots.values()].flatMap((slot) => (slot.companyId === companyId ? [slot.id] : []));
  return waitlistLengths(deps.db, own);
}

/** The teacher's open entry on a slot, if any (the slot's page says where they stand). */
export async function myEntryOnSlot(
  viewer: Viewer | null,
  slotId: number,
  deps: Deps,
): Promise<WaitlistEntryView | null> {
  if (viewer?.kind !== 'teacher') return null;
  const [entry] = await deps.db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.slotId, slotId),
        eq(waitlistEntries.teacherId, viewer.id),
        inArray(waitlistEntries.status, OPEN),
      ),
    );
  return entry ? { ...entry, position: await positionOf(deps.db, entry) } : null;
}

/** Open entries (waiting, or holding an offer) per slot, in one query: what a company sees of its lines. */
export async function waitlistLengths(db: DbOrTx, slotIds: number[]): Promise<Map<number, number>> {
  const lengths = new Map<number, number>();
  if (slotIds.length === 0) return lengths;
  const rows = await db
    .select({ slotId: waitlistEntries.slotId, length: count() })
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.slotId, slotIds), inArray(waitlistEntries.status, OPEN)))
    .groupBy(waitlistEntries.slotId);
  for (const row of rows) lengths.set(row.slotId, row.length);
  return lengths;
}

/** Slot.waitlistLength: how many groups wait for, or hold an offer on, this slot. */
export async function waitlistLengthOf(slotId: number, deps: Pick<Deps, 'db'>): Promise<number> {
  return (await waitlistLengths(deps.db, [slotId])).get(slotId) ?? 0;
}
