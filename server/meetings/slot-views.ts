import { type CompanyRow, companyRowById } from '../companies/index.ts';
import { hasBuiltInRoom } from '../kernel/config.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { canSeeCompanyPrivate, canSeeSlotDates, canSeeVideoLink, requireRecruiter } from '../permissions.ts';
import {
  companySlotsFor,
  countAvailableSlotsOfCompany,
  mySlotViews,
  type OwnSlotView,
  ownSlotViewFor,
  type SlotView,
  slotVideoLink,
} from '../slots/index.ts';
import { liveBookingCounts, liveMeetingOfTeacher, meetingsOfSlot } from './meetings.ts';
import { type MeetingView, meetingView } from './views.ts';

/*
 * What a slot shows that only its bookings know: who booked it, the teacher's own booking, the video link
 * of a webinar (for the teachers booked on it), how many bookings a change would touch. The slot itself is
 * the slots domain's view (SlotView); this domain adds to it.
 */

/** Who booked a slot: its company's recruiters and its region's operators; nothing for anyone else. */
export async function slotBookingsFor(
  viewer: Viewer | null,
  slot: SlotView,
  deps: Deps,
): Promise<MeetingView[]> {
  if (!viewer || viewer.kind === 'teacher') return [];
  const company = await companyRowById(deps.db, slot.companyId);
  if (!company || !canSeeCompanyPrivate(viewer, company)) return [];
  const now = deps.clock.now();
  return (await meetingsOfSlot(deps.db, slot.id)).map((meeting) =>
    meetingView(meeting, viewer, now, hasBuiltInRoom(deps)),
  );
}

/** The teacher's live booking of the slot, as they read it; null for anyone else. */
export async function myMeetingOnSlot(
  viewer: Viewer | null,
  slot: SlotView,
  deps: Deps,
): Promise<MeetingView | null> {
  if (viewer?.kind !== 'teacher') return null;
  const meeting = await liveMeetingOfTeacher(deps.db, slot.id, viewer.id);
  return meeting && meetingView(meeting, viewer, deps.clock.now(), hasBuiltInRoom(deps));
}

/**
 * An external webinar's link: its company, its region's operators, and the teachers who hold a live booking
 * on the slot (permissions.canSeeVideoLink); null for anyone else.
 */
export async function slotVideoLinkFor(
  viewer: Viewer | null,
  slot: SlotView,
  deps: Deps,
): Promise<string | null> {
  if (!viewer || !slot.hasVideoLink) return null;
  const [company, booking] = await Promise.all([
    companyRowById(deps.db, slot.companyId),
    viewer.kind === 'teacher' ? liveMeetingOfTeacher(deps.db, slot.id, viewer.id) : null,
  ]);
  if (!company || !canSeeVideoLink(viewer, company, booking !== null)) return null;
  return slotVideoLink(deps.db, slot.id);
}

/** A slot as its company sees it: with how many bookings (teachers) deleting or moving it would touch. */
export type CompanySlotView = OwnSlotView & { bookingsCount: number };

async function withBookingsCounts(slots: OwnSlotView[], deps: Deps): Promise<CompanySlotView[]> {
  // Only a slot with seats taken has live bookings: the others need no counting.
  const counts = await liveBookingCounts(
    deps.db,
    slots.filter((slot) => slot.seatsTaken > 0).map((slot) => slot.id),
  );
  return slots.map((slot) => ({ ...slot, bookingsCount: counts.get(slot.id) ?? 0 }));
}

/** The recruiter's company's slots for /my-slots, each with its bookings count. */
export async function mySlotsWithBookings(
  viewer: Viewer | null,
  input: { period: 'upcoming' | 'past' },
  deps: Deps,
): Promise<CompanySlotView[]> {
  return withBookingsCounts(await mySlotViews(viewer, input, deps), deps);
}

/** One of the recruiter's company's slots for its edit form, with its bookings count; null otherwise (a 404). */
export async function ownSlotWithBookingsFor(
  viewer: Viewer | null,
  id: number,
  deps: Deps,
): Promise<CompanySlotView | null> {
  requireRecruiter(viewer);
  const slot = await ownSlotViewFor(viewer, id, deps);
  return slot && ((await withBookingsCounts([slot], deps))[0] ?? null);
}

/** A slot of the company page; for a teacher, with the way to the meeting they already have on it. */
export type CompanyPageSlot = SlotView & { myMeetingUrl: string | null };

/**
 * The company page's slots (PRODUCT.md, Discovery): with their dates for those who may see them, and the
 * next open one (slots/open.ts) the reader could take — not one they already booked; the count of open
 * slots in the next 15 days for anyone else.
 */
export type CompanyPageSlots =
  | { audience: 'teacher' | 'company'; items: CompanyPageSlot[]; nextOpenSlotId: number | null }
  | { audience: 'visitor' | 'otherRecruiter'; count: number };

export async function companyPageSlots(
  viewer: Viewer | null,
  company: CompanyRow,
  deps: Deps,
  /** The viewer's upcoming standing meetings (a teacher's; none for anyone else), read once by the page. */
  myMeetings: MeetingView[],
): Promise<CompanyPageSlots> {
  if (!canSeeSlotDates(viewer, company)) {
    const count = await countAvailableSlotsOfCompany(deps.db, company.id, deps.clock.now());
    return { audience: viewer ? 'otherRecruiter' : 'visitor', count };
  }
  const teacher = viewer?.kind === 'teacher';
  // Only a teacher's own bookings change what the page offers them.
  const slots = await companySlotsFor(viewer, company, deps);
  const booked = new Map(myMeetings.map((meeting) => [meeting.slotId, meeting.detailsUrl]));
  const items = slots.map((slot) => ({ ...slot, myMeetingUrl: booked.get(slot.id) ?? null }));
  return {
    audience: teacher ? 'teacher' : 'company',
    items,
    nextOpenSlotId: items.find((slot) => slot.open && !booked.has(slot.id))?.id ?? null,
  };
}
