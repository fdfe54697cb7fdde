import type { MeetingType, PublicCategory, SlotState, SlotSubject } from '../../common/constants.ts';
import { slotState } from '../../common/slots.ts';
import { utcToZonedWallClock } from '../../common/time.ts';
import { type CompanyRow, findCompanyById } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { liveBookingCounts, meetingViewsFor } from '../meetings/index.ts';
import { canSeeSlotDates, requireRecruiter } from '../permissions.ts';
import { countAvailableSlotsOfCompany } from './availability.ts';
import {
  companyTimeZone,
  findSlotById,
  latestSlotOfCompany,
  listCompanySlots,
  openSlotsOfCompany,
  type SlotRow,
  upcomingSlotsOfCompany,
} from './slots.ts';

/** A slot as the pages show it and as the slot form edits it: plain values, dates as ISO strings. */
export interface SlotView {
  id: number;
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
  speaker: { name: string; firstname: string; email: string; phone: string; role: string };
  description: string | null;
  videoLink: string | null;
  seriesId: number | null;
  /** A visit's own address; null at the company's. */
  place: { label: string; lat: number; lng: number } | null;
}

export function slotView(slot: SlotRow): SlotView {
  const { date, time } = utcToZonedWallClock(slot.startsAt, slot.timeZone);
  return {
    id: slot.id,
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
    seatsLeft: Math.max(slot.maxParticipants - slot.seatsTaken, 0),
    state: slotState(slot.seatsTaken, slot.maxParticipants),
    speaker: {
      name: slot.speakerName,
      firstname: slot.speakerFirstname,
      email: slot.speakerEmail,
      phone: slot.speakerPhone,
      role: slot.speakerRole,
    },
    description: slot.description,
    videoLink: slot.videoLink,
    seriesId: slot.seriesId,
    place:
      slot.placeLabel && slot.placeLat !== null && slot.placeLng !== null
        ? { label: slot.placeLabel, lat: slot.placeLat, lng: slot.placeLng }
        : null,
  };
}

/** A slot as its company sees it: with how many bookings (teachers) deleting or moving it would touch. */
export interface CompanySlotView extends SlotView {
  /** Live (not cancelled) bookings. */
  bookingsCount: number;
}

async function withBookingsCounts(db: Deps['db'], slots: SlotRow[]): Promise<CompanySlotView[]> {
  // Only a slot with seats taken has live bookings: the others need no counting.
  const counts = await liveBookingCounts(
    db,
    slots.filter((slot) => slot.seatsTaken > 0).map((slot) => slot.id),
  );
  return slots.map((slot) => ({ ...slotView(slot), bookingsCount: counts.get(slot.id) ?? 0 }));
}

/** The recruiter's company's slots for /my-slots: not ended (soonest first) or ended (latest first). */
export async function mySlotViews(
  viewer: Viewer | null,
  input: { period: 'upcoming' | 'past' },
  deps: Deps,
): Promise<CompanySlotView[]> {
  const { companyId } = requireRecruiter(viewer);
  return withBookingsCounts(
    deps.db,
    await listCompanySlots(deps.db, companyId, input.period, deps.clock.now()),
  );
}

/** One of the recruiter's company's slots, for the edit form; null for another's or a deleted one (a 404). */
export async function ownSlotViewFor(
  viewer: Viewer | null,
  id: number,
  deps: Deps,
): Promise<CompanySlotView | null> {
  const { companyId } = requireRecruiter(viewer);
  const slot = await findSlotById(deps.db, id);
  if (!slot || slot.companyId !== companyId) return null;
  const [view] = await withBookingsCounts(deps.db, [slot]);
  return view ?? null;
}

/** The recruiter's company's slots still open (not started, seats left), for its home page. */
export async function openSlotViewsFor(viewer: Viewer | null, limit: number, deps: Deps) {
  const { companyId } = requireRecruiter(viewer);
  return (await openSlotsOfCompany(deps.db, companyId, deps.clock.now(), limit)).map(slotView);
}

/**
 * Who spoke at the company's latest slot (the last one created), to prefill the next one: a company often
 * sends the same person. Null before its first slot.
 */
export async function lastSpeakerOf(viewer: Viewer | null, deps: Deps): Promise<SlotView['speaker'] | null> {
  const { companyId } = requireRecruiter(viewer);
  const slot = await latestSlotOfCompany(deps.db, companyId);
  return slot ? slotView(slot).speaker : null;
}

/** The zone the recruiter's company types its slots in (PRODUCT.md, Time), for the new-slot form. */
export async function myCompanyTimeZone(viewer: Viewer | null, deps: Deps): Promise<string> {
  return companyTimeZone(deps.db, requireRecruiter(viewer).companyId);
}

/**
 * A company's upcoming slots (not started, soonest first, full ones included) with their dates, for whoever
 * may see them (permissions.canSeeSlotDates); nothing for anyone else.
 */
export async function companySlotsFor(
  viewer: Viewer | null,
  company: CompanyRow,
  deps: Deps,
): Promise<SlotRow[]> {
  if (!canSeeSlotDates(viewer, company)) return [];
  return upcomingSlotsOfCompany(deps.db, company.id, deps.clock.now());
}

/** A slot of the company page; for a teacher, with the way to the meeting they already have on it. */
export type CompanyPageSlot = SlotView & { myMeetingUrl: string | null };

/** Slots with their dates for teachers, the company and admins; the count alone for anyone else. */
export type CompanyPageSlots =
  | { audience: 'teacher' | 'company'; items: CompanyPageSlot[] }
  | { audience: 'visitor' | 'otherRecruiter'; count: number };

/** The company page's slots: dates for those who may see them, the count of available ones otherwise. */
export async function companyPageSlots(
  viewer: Viewer | null,
  company: CompanyRow,
  deps: Deps,
): Promise<CompanyPageSlots> {
  if (!canSeeSlotDates(viewer, company)) {
    return {
      audience: viewer ? 'otherRecruiter' : 'visitor',
      count: await countAvailableSlotsOfCompany(deps.db, company.id, deps.clock.now()),
    };
  }
  const [slots, meetings] = await Promise.all([
    companySlotsFor(viewer, company, deps),
    viewer?.kind === 'teacher'
      ? meetingViewsFor(viewer, { period: 'upcoming', standingOnly: true }, deps)
      : Promise.resolve([]),
  ]);
  const booked = new Map(meetings.map((meeting) => [meeting.slotId, meeting.detailsUrl]));
  return {
    audience: viewer?.kind === 'teacher' ? 'teacher' : 'company',
    items: slots.map((slot) => ({ ...slotView(slot), myMeetingUrl: booked.get(slot.id) ?? null })),
  };
}

/**
 * A slot for whoever may see its company's dates (teachers for validated companies, its company's
 * recruiters, admins); null for anyone else, who is not told whether it exists.
 */
export async function slotFor(viewer: Viewer | null, id: number, deps: Deps): Promise<SlotRow | null> {
  if (!viewer) return null;
  const slot = await findSlotById(deps.db, id);
  if (!slot) return null;
  const company = await findCompanyById(deps.db, slot.companyId);
  return company && canSeeSlotDates(viewer, company) ? slot : null;
}
