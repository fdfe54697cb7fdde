import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import { leavesPlatform } from '../../common/constants.ts';
import { SLOT_MESSAGES, type SlotInput } from '../../common/slots.ts';
import { utcToZonedWallClock, zonedWallClockToUtc } from '../../common/time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { slots } from '../../db/schema/slots.ts';
import { companyRowById } from '../companies/index.ts';
import { hasBuiltInRoom } from '../kernel/config.ts';
import { type Deps, eventContext } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { EventContext, SlotChange, Subscriber } from '../kernel/events.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireRecruiter } from '../permissions.ts';
import { changesOf } from './changes.ts';
import { isCompanyListed } from './listing.ts';
import { findOwnSlot, type SlotRow } from './queries.ts';
import { companyTimeZone, type OwnSlotView, ownSlotView } from './views.ts';

const MINUTE_MS = 60_000;

/** The instants of a slot typed in `timeZone`; a slot that would not start in the future is refused. */
function scheduleOf(input: SlotInput, timeZone: string, now: Date) {
  const startsAt = zonedWallClockToUtc(input.date, input.time, timeZone);
  if (startsAt.getTime() <= now.getTime()) throw invalidInput({ date: SLOT_MESSAGES.pastSlot });
  return { startsAt, endsAt: new Date(startsAt.getTime() + input.durationMinutes * MINUTE_MS), timeZone };
}

/**
 * A webinar needs a room that will work (PRODUCT.md, Teams): the built-in room when LiveKit is configured,
 * otherwise its external link — published or edited without one, it is refused (`webinar_needs_link`, the
 * message under the link). Visits and interventions happen in person: no room to check (docs/decisions/0051).
 */
export function requireWorkingRoom(
  input: Pick<SlotInput, 'meetingType' | 'videoLink'>,
  deps: Pick<Deps, 'config'>,
) {
  if (!lacksWorkingRoom({ meetingType: input.meetingType, hasVideoLink: Boolean(input.videoLink) }, deps))
    return;
  throw new AppError('webinar_needs_link', {
    extensions: { fields: { videoLink: SLOT_MESSAGES.webinarNeedsLink } },
  });
}

/**
 * A webinar nobody could join: no external link, and no built-in room on this platform. Such a slot (published
 * before the rule, or LiveKit since removed) is flagged to its company, and its teachers read « Lien
 * communiqué par l’entreprise » rather than a room that never opens (issue 21).
 */
export function lacksWorkingRoom(
  slot: { meetingType: SlotInput['meetingType']; hasVideoLink: boolean },
  deps: Pick<Deps, 'config'>,
): boolean {
  return slot.meetingType === 'Webinar' && !slot.hasVideoLink && !hasBuiltInRoom(deps);
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

/**
 * A new slot of the recruiter's company, typed in its zone; only future slots can be created. Published
 * (`slot.published`) in its write.
 */
export async function createSlot(viewer: Viewer | null, input: SlotInput, deps: Deps): Promise<OwnSlotView> {
  const { companyId } = requireRecruiter(viewer);
  const now = deps.clock.now();
  requireWorkingRoom(input, deps);
  const schedule = scheduleOf(input, await companyTimeZone(deps.db, companyId), now);
  const listed = await isCompanyListed(deps.db, companyId);
  return deps.db.transaction(async (tx) => {
    const [slot] = await tx
      .insert(slots)
      .values({ companyId, ...schedule, ...columnsOf(input), listed, createdAt: now })
      .returning();
    if (!slot) throw new Error('slot not inserted');
    await deps.events.publish(tx, 'slot.published', { slotId: slot.id }, now);
    return ownSlotView(slot, now);
  });
}

/**
 * What an edit of a slot would do, before and as it is done (one door for the preview and the change):
 * the slot as it stands, its new columns, and what a booked group would be told (`changesOf`: each thing
 * old → new; `moved` when its meetings become reported). The slot must be the company's, still to come;
 * a webinar needs its working room.
 */
async function plannedUpdate(db: DbOrTx, companyId: number, slotId: number, input: SlotInput, deps: Deps) {
  const now = deps.clock.now();
  const before = await findOwnSlot(db, companyId, slotId);
  if (before.startsAt.getTime() <= now.getTime()) throw invalidInput({ date: SLOT_MESSAGES.pastSlotLocked });
  requireWorkingRoom(input, deps);
  const columns = { ...scheduleOf(input, before.timeZone, now), ...columnsOf(input) };
  const place = {
    builtInRoom: hasBuiltInRoom(deps),
    publicUrl: deps.config.PUBLIC_URL,
    companyAddress: (await companyRowById(db, companyId))?.label ?? null,
  };
  return { before, columns, ...changesOf(before, { ...before, ...columns }, place) };
}

const capacityBelowBooked = (seatsTaken: number) =>
  invalidInput({ maxParticipants: SLOT_MESSAGES.capacityBelowBooked(seatsTaken) });

/**
 * What saving this edit would tell the groups who booked the slot, without saving it: the page's and the
 * island's preview (issue 21), from the same plan as `updateSlot`. Refused as the edit itself would be.
 */
export async function previewSlotUpdate(
  viewer: Viewer | null,
  { id: slotId, input }: { id: number; input: SlotInput },
  deps: Deps,
): Promise<{ changes: SlotChange[]; moved: boolean; seatsTaken: number }> {
  const { companyId } = requireRecruiter(viewer);
  const { before, changes, moved } = await plannedUpdate(deps.db, companyId, slotId, input, deps);
  if (input.maxParticipants < before.seatsTaken) throw capacityBelowBooked(before.seatsTaken);
  return { changes, moved, seatsTaken: before.seatsTaken };
}

/**
 * Edits a future slot. The capacity cannot go below the seats booked, which the UPDATE itself checks, so
 * a booking made meanwhile cannot be overrun. What a booked group cares about that changed is published
 * (`slot.changed`, the plan's changes that the preview showed): the meetings domain postpones and tells
 * (docs/decisions/0043); more seats go to the waitlist first (`slot.seatsFreed`). All in one transaction.
 */
export async function updateSlot(
  viewer: Viewer | null,
  { id: slotId, input }: { id: number; input: SlotInput },
  deps: Deps,
): Promise<OwnSlotView> {
  const { companyId } = requireRecruiter(viewer);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { before, columns, changes, moved } = await plannedUpdate(tx, companyId, slotId, input, deps);
    const [slot] = await tx
      .update(slots)
      .set({ ...columns, updatedAt: now })
      .where(and(eq(slots.id, slotId), lte(slots.seatsTaken, input.maxParticipants)))
      .returning();
    if (!slot) throw capacityBelowBooked((await findOwnSlot(tx, companyId, slotId)).seatsTaken);
    if (changes.length > 0) {
      const previous = {
        previousStartsAt: before.startsAt.toISOString(),
        previousEndsAt: before.endsAt.toISOString(),
      };
      await deps.events.publish(tx, 'slot.changed', { slotId, changes, moved: moved ? previous : null }, now);
    }
    if (slot.maxParticipants > before.maxParticipants) {
      await deps.events.publish(tx, 'slot.seatsFreed', { slotId }, now);
    }
    return ownSlotView(slot, now);
  });
}

/** Closes slots: deleted, no seat, never on offer again; each published (its bookings and its line go). */
async function closeSlots(
  tx: DbOrTx,
  context: EventContext,
  ids: number[],
  by: number | null,
): Promise<void> {
  if (ids.length === 0) return;
  const { now } = context;
  await tx
    .update(slots)
    .set({ deletedAt: now, maxParticipants: 0, seatsTaken: 0, seatsHeld: 0, updatedAt: now })
    .where(inArray(slots.id, ids));
  for (const slotId of ids) await context.events.publish(tx, 'slot.deleted', { slotId, by }, now);
}

/**
 * Deletes a slot (after the company confirmed). It stays as a closed row (`deletedAt`, no seat), so that the
 * teachers keep their cancelled meeting in their history; its bookings are cancelled and both sides told,
 * its waitlist closed and each waiting teacher told — the subscribers of `slot.deleted`, in its transaction.
 */
export async function deleteSlot(viewer: Viewer | null, { id: slotId }: { id: number }, deps: Deps) {
  const recruiter = requireRecruiter(viewer);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await findOwnSlot(tx, recruiter.companyId, slotId);
    await closeSlots(tx, eventContext(deps, now), [slotId], recruiter.id);
  });
}

/**
 * Copies a slot onto other dates at the same wall-clock time in its zone (a weekly series in one step).
 * The copies share a series id; they start free. Every date must be in the future, or none is created.
 * Each copy is published (`slot.published`) in the write.
 */
export async function duplicateSlot(
  viewer: Viewer | null,
  { id: slotId, dates }: { id: number; dates: string[] },
  deps: Deps,
): Promise<OwnSlotView[]> {
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
    const created = await tx.insert(slots).values(copies).returning();
    for (const slot of created) await deps.events.publish(tx, 'slot.published', { slotId: slot.id }, now);
    return created.map((slot) => ownSlotView(slot, now));
  });
}

function columnsOfRow(slot: SlotRow) {
  const {
    id: _id,
    companyId: _company,
    startsAt: _starts,
    endsAt: _ends,
    seatsTaken: _taken,
    seatsHeld: _held,
    createdAt: _created,
    updatedAt: _updated,
    deletedAt: _deleted,
    seriesId: _series,
    ...columns
  } = slot;
  return columns;
}

/**
 * `company.statusChanged` → a company that leaves the platform (refused or archived) offers no future slot:
 * each is closed as a deleted one is, so that its line closes too. Past slots stay, with their meetings and
 * feedback. Its bookings were cancelled just before, by the platform (server/main/subscribers.ts).
 */
export const closeSlotsOfCompanyThatLeft: Subscriber<'company.statusChanged'> = {
  name: 'slots.closeSlotsOfCompanyThatLeft',
  runs: 'inTransaction',
  publishes: ['slot.deleted'],
  async handle(tx, events, context) {
    for (const { companyId, to } of events) {
      if (!leavesPlatform(to)) continue;
      const future = await tx
        .select({ id: slots.id })
        .from(slots)
        .where(and(eq(slots.companyId, companyId), gt(slots.startsAt, context.now), isNull(slots.deletedAt)));
      await closeSlots(
        tx,
        context,
        future.map((row) => row.id),
        null,
      );
    }
  },
};
