import type { MeetingType, PublicCategory, SlotState, SlotSubject } from '../../common/constants.ts';
import { slotState } from '../../common/slots.ts';
import { utcToZonedWallClock } from '../../common/time.ts';
import type { DbOrTx } from '../../db/client.ts';
import { liveBookingCounts } from '../meetings/index.ts';
import {
  findSlotById,
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
  seatsLeft: number;
  state: SlotState;
  speaker: { name: string; firstname: string; email: string; phone: string; role: string };
  description: string | null;
  videoLink: string | null;
  seriesId: number | null;
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
  };
}

/** A slot as its company sees it: with how many bookings (teachers) deleting or moving it would touch. */
export interface CompanySlotView extends SlotView {
  /** Live (not cancelled) bookings. */
  bookingsCount: number;
}

async function withBookingsCounts(db: DbOrTx, slots: SlotRow[]): Promise<CompanySlotView[]> {
  // Only a slot with seats taken has live bookings: the others need no counting.
  const counts = await liveBookingCounts(
    db,
    slots.filter((slot) => slot.seatsTaken > 0).map((slot) => slot.id),
  );
  return slots.map((slot) => ({ ...slotView(slot), bookingsCount: counts.get(slot.id) ?? 0 }));
}

/** The company's slots for /my-slots: not ended (soonest first) or ended (latest first). */
export async function companySlotViews(
  db: DbOrTx,
  companyId: number,
  period: 'upcoming' | 'past',
  now: Date,
): Promise<CompanySlotView[]> {
  return withBookingsCounts(db, await listCompanySlots(db, companyId, period, now));
}

/** One of the company's slots, for the edit form; null for another company's or a deleted one (a 404 page). */
export async function ownSlotView(
  db: DbOrTx,
  companyId: number,
  slotId: number,
): Promise<CompanySlotView | null> {
  const slot = await findSlotById(db, slotId);
  if (!slot || slot.companyId !== companyId) return null;
  const [view] = await withBookingsCounts(db, [slot]);
  return view ?? null;
}

/** The slots a teacher may book at a company: not started, soonest first (full ones included, shown as such). */
export async function bookableSlotViews(db: DbOrTx, companyId: number, now: Date) {
  return (await upcomingSlotsOfCompany(db, companyId, now)).map(slotView);
}

/** The company's slots still open (not started, seats left), for its home page. */
export async function openSlotViews(db: DbOrTx, companyId: number, now: Date, limit: number) {
  return (await openSlotsOfCompany(db, companyId, now, limit)).map(slotView);
}
