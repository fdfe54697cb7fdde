import type { MeetingType, PublicCategory, SlotState, SlotSubject } from '../../common/constants.ts';
import { seatsLeft, slotState } from '../../common/slots.ts';
import { utcToZonedWallClock } from '../../common/time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyRow, companyRowById } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { canSeeCompanyPrivate, canSeeSlotDates, isOperatorOf, requireRecruiter } from '../permissions.ts';
import { timeZoneOfDepartment } from '../territory/index.ts';
import { isOnOffer, isOpenSlot } from './open.ts';
import {
  findSlotById,
  findSlotsByIds,
  hasStandingSlot,
  hasUpcomingSlot,
  latestSlotOfCompany,
  listCompanySlots,
  type OpenSlotFilter,
  openSlotsOfCompany,
  openSlotsPage,
  openSlotsPublishedBetween,
  type SlotRow,
  slotsOfCompany,
  slotsOnOfferOfCompany,
  slotsToComeOfCompany,
} from './queries.ts';

/**
 * A slot as everyone reads it (docs/decisions/0043: one read model per entity): the pages, the islands and
 * the API's `Slot` alike. Plain values, instants as ISO strings; what its rules say (seats left, state,
 * open) computed once, here. Its video link is not in it: who may read that is a question of bookings
 * (the meetings domain answers it).
 */
export interface SlotView {
  id: number;
  companyId: number;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  /** Wall-clock in the slot's zone: YYYY-MM-DD and HH:MM. */
  date: string;
  time: string;
  durationMinutes: number;
  meetingType: MeetingType;
  publicCategories: PublicCategory[];
  subjects: SlotSubject[];
  maxParticipants: number;
  seatsTaken: number;
  /** Of the seats taken, those a waitlist offer holds (decision 0041). */
  seatsHeld: number;
  seatsLeft: number;
  state: SlotState;
  /** Open now (slots/open.ts): a teacher may book it. */
  open: boolean;
  /** On offer now (slots/open.ts): open but maybe full, a waitlist may be joined. */
  onOffer: boolean;
  /** It has started: nothing of it can change any more (PRODUCT.md, Slots). */
  started: boolean;
  /** It has ended. */
  ended: boolean;
  /** Its company deleted it (a closed row kept for the history of its meetings). */
  deleted: boolean;
  speaker: { name: string; firstname: string; email: string; phone: string; role: string };
  description: string | null;
  seriesId: number | null;
  /** A visit's own address; null at the company's. */
  place: { label: string; lat: number; lng: number } | null;
  /** It has an external video link (whether the viewer may read it is meetings' slotVideoLinkFor). */
  hasVideoLink: boolean;
}

/** A slot as its own company reads it: with its external video link. */
export type OwnSlotView = SlotView & { videoLink: string | null };

export function slotView(slot: SlotRow, now: Date): SlotView {
  const { date, time } = utcToZonedWallClock(slot.startsAt, slot.timeZone);
  return {
    id: slot.id,
    companyId: slot.companyId,
    startsAt: slot.startsAt.toISOString(),
    endsAt: slot.endsAt.toISOString(),
    timeZone: slot.timeZone,
    date,
    time,
    durationMinutes: slot.durationMinutes,
    meetingType: slot.meetingType,
    publicCategories: slot.publicCategories,
    subjects: slot.subjects,
    maxParticipants: slot.maxParticipants,
    seatsTaken: slot.seatsTaken,
    seatsHeld: slot.seatsHeld,
    seatsLeft: seatsLeft(slot),
    state: slotState(slot),
    open: isOpenSlot(slot, now),
    onOffer: isOnOffer(slot, now),
    started: slot.startsAt.getTime() <= now.getTime(),
    ended: slot.endsAt.getTime() <= now.getTime(),
    deleted: slot.deletedAt !== null,
    speaker: {
      name: slot.speakerName,
      firstname: slot.speakerFirstname,
      email: slot.speakerEmail,
      phone: slot.speakerPhone,
      role: slot.speakerRole,
    },
    description: slot.description,
    seriesId: slot.seriesId,
    place:
      slot.placeLabel && slot.placeLat !== null && slot.placeLng !== null
        ? { label: slot.placeLabel, lat: slot.placeLat, lng: slot.placeLng }
        : null,
    hasVideoLink: slot.videoLink !== null,
  };
}

export const ownSlotView = (slot: SlotRow, now: Date): OwnSlotView => ({
  ...slotView(slot, now),
  videoLink: slot.videoLink,
});

/**
 * Slots by id, as views, for the domains that show them beside their own things (a meeting's slot, a
 * waitlist entry's): deleted ones only when asked (a cancelled meeting's history).
 */
export async function slotViewsByIds(
  db: DbOrTx,
  ids: number[],
  now: Date,
  options: { includeDeleted?: boolean } = {},
): Promise<Map<number, SlotView>> {
  const rows = await findSlotsByIds(db, ids, options);
  return new Map(rows.map((row) => [row.id, slotView(row, now)]));
}

export async function slotViewById(
  db: DbOrTx,
  id: number,
  now: Date,
  options: { includeDeleted?: boolean } = {},
): Promise<SlotView | null> {
  const row = await findSlotById(db, id, options);
  return row && slotView(row, now);
}

/** The recruiter's company's slots for /my-slots: not ended (soonest first) or ended (latest first). */
export async function mySlotViews(
  viewer: Viewer | null,
  input: { period: 'upcoming' | 'past' },
  deps: Deps,
): Promise<OwnSlotView[]> {
  const { companyId } = requireRecruiter(viewer);
  const now = deps.clock.now();
  return (await listCompanySlots(deps.db, companyId, input.period, now)).map((slot) =>
    ownSlotView(slot, now),
  );
}

/** One of the recruiter's company's slots, for its edit form; null for another's or a deleted one (a 404). */
export async function ownSlotViewFor(
  viewer: Viewer | null,
  id: number,
  deps: Deps,
): Promise<OwnSlotView | null> {
  const { companyId } = requireRecruiter(viewer);
  const slot = await findSlotById(deps.db, id);
  return slot && slot.companyId === companyId ? ownSlotView(slot, deps.clock.now()) : null;
}

/** The recruiter's company's open slots, for its home page. */
export async function openSlotViewsFor(
  viewer: Viewer | null,
  limit: number,
  deps: Deps,
): Promise<SlotView[]> {
  const { companyId } = requireRecruiter(viewer);
  const now = deps.clock.now();
  return (await openSlotsOfCompany(deps.db, companyId, now, limit)).map((slot) => slotView(slot, now));
}

/**
 * Who spoke at the company's latest slot (the last one created), to prefill the next one: a company often
 * sends the same person. Null before its first slot.
 */
export async function lastSpeakerOf(viewer: Viewer | null, deps: Deps): Promise<SlotView['speaker'] | null> {
  const { companyId } = requireRecruiter(viewer);
  const slot = await latestSlotOfCompany(deps.db, companyId);
  return slot ? slotView(slot, deps.clock.now()).speaker : null;
}

/** The IANA zone of the company's department (PRODUCT.md, Time): slots are typed in it. */
export async function companyTimeZone(db: DbOrTx, companyId: number): Promise<string> {
  const company = await companyRowById(db, companyId);
  return timeZoneOfDepartment(company?.departmentCode ?? null);
}

/** The zone the recruiter's company types its slots in (PRODUCT.md, Time), for the new-slot form. */
export async function myCompanyTimeZone(viewer: Viewer | null, deps: Deps): Promise<string> {
  return companyTimeZone(deps.db, requireRecruiter(viewer).companyId);
}

/** The department of the recruiter's company: whose school and public holidays its slot form names (issue 20). */
export async function myCompanyDepartmentCode(viewer: Viewer | null, deps: Deps): Promise<string | null> {
  const company = await companyRowById(deps.db, requireRecruiter(viewer).companyId);
  return company?.departmentCode ?? null;
}

/**
 * A company's slots to come, with their dates, for whoever may see them (permissions.canSeeSlotDates): a
 * teacher those on offer (open.ts: listed, full ones included, for their waitlist); its company and its
 * region's operators all those not deleted. Nothing for anyone else.
 */
export async function companySlotsFor(
  viewer: Viewer | null,
  company: CompanyRow,
  deps: Deps,
): Promise<SlotView[]> {
  if (!canSeeSlotDates(viewer, company)) return [];
  const now = deps.clock.now();
  const rows = canSeeCompanyPrivate(viewer, company)
    ? await slotsToComeOfCompany(deps.db, company.id, now)
    : await slotsOnOfferOfCompany(deps.db, company.id, now);
  return rows.map((slot) => slotView(slot, now));
}

/**
 * A slot for whoever may see its company's dates (teachers for validated companies, its company's
 * recruiters, the operators); null for anyone else, who is not told whether it exists.
 */
export async function slotFor(viewer: Viewer | null, id: number, deps: Deps): Promise<SlotView | null> {
  if (!viewer) return null;
  const slot = await findSlotById(deps.db, id);
  if (!slot) return null;
  const company = await companyRowById(deps.db, slot.companyId);
  return company && canSeeSlotDates(viewer, company) ? slotView(slot, deps.clock.now()) : null;
}

/**
 * A slot's external video link, for the door that has decided who may read it (the meetings domain asks
 * permissions.canSeeVideoLink: its company, the operators, the teachers booked on it).
 */
export async function slotVideoLink(db: DbOrTx, id: number): Promise<string | null> {
  return (await findSlotById(db, id, { includeDeleted: true }))?.videoLink ?? null;
}

/** Whether the company has a slot to come, deleted ones aside (a company's contact button shows while it has none). */
export function hasSlotsToCome(db: DbOrTx, companyId: number, now: Date): Promise<boolean> {
  return hasUpcomingSlot(db, companyId, now);
}

/** Whether the company has published a slot that still stands, past or to come: its first slot is done. */
export function hasPublishedSlot(db: DbOrTx, companyId: number): Promise<boolean> {
  return hasStandingSlot(db, companyId);
}

/** A company's slots still standing, latest first, past ones included, for its operators (a 404 otherwise). */
export async function slotsOfCompanyForOperators(
  viewer: Viewer | null,
  company: CompanyRow,
  limit: number,
  deps: Deps,
): Promise<SlotView[]> {
  if (!isOperatorOf(viewer, company.departmentCode)) return [];
  const now = deps.clock.now();
  return (await slotsOfCompany(deps.db, company.id, limit)).map((slot) => slotView(slot, now));
}

/** The slots created in [from, to) that are open at `now` (open.ts), soonest first: the weekly alert's. */
export async function openSlotViewsPublishedBetween(
  db: DbOrTx,
  period: { from: Date; to: Date },
  now: Date,
): Promise<SlotView[]> {
  return (await openSlotsPublishedBetween(db, period, now)).map((slot) => slotView(slot, now));
}

/**
 * Open slots (open.ts) starting in [from, to) — from now by default — of these companies, soonest first, a
 * page at a time: what a partner key lists (server/partners/). Public facts; who may read them is the caller's.
 */
export async function openSlotViewPage(
  filter: OpenSlotFilter & { from?: Date | undefined },
  deps: Pick<Deps, 'db' | 'clock'>,
): Promise<{ total: number; items: SlotView[] }> {
  const now = deps.clock.now();
  const from = filter.from && filter.from > now ? filter.from : now;
  const page = await openSlotsPage(deps.db, filter, from);
  return { total: page.total, items: page.items.map((slot) => slotView(slot, now)) };
}

/** A slot, deleted or not (Meeting.slot, WaitlistEntry.slot): a booking keeps its slot in its history. */
export function slotOfHistory(slotId: number, deps: Pick<Deps, 'db' | 'clock'>): Promise<SlotView | null> {
  return slotViewById(deps.db, slotId, deps.clock.now(), { includeDeleted: true });
}
