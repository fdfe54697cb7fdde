import type { PageContextServer } from 'vike/types';
import { formatSlotDate, formatSlotHours, formatSlotStart } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import type { OfferBookedData, WaitlistEntryData, WaitlistItem } from '../../islands/meetings/Waitlist.tsx';
import { meetingViewFor } from '../../server/meetings/index.ts';
import { type WaitlistCard, waitlistCardsOf } from '../../server/waitlist/index.ts';

/** The teacher's waitlists, for the pages that show them (decision 0041); none for anyone else. */
function cardsOf({ viewer, deps }: PageContextServer): Promise<WaitlistCard[]> {
  return waitlistCardsOf(viewer, deps);
}

/** "mardi 24 novembre 2026, 09:00 – 10:30": a slot's day and hours, in its zone. */
const whenOf = (slot: { startsAt: string; endsAt: string; timeZone: string }) =>
  `${formatSlotDate(slot.startsAt, slot.timeZone)}, ${formatSlotHours(slot.startsAt, slot.endsAt, slot.timeZone)}`;

function entryData({ entry, slot }: WaitlistCard): WaitlistEntryData {
  return {
    id: entry.id,
    status: entry.status === 'offered' ? 'offered' : 'waiting',
    position: entry.position,
    groupSize: entry.groupSize,
    expiresLabel: entry.offerExpiresAt ? formatSlotStart(entry.offerExpiresAt, slot.timeZone) : null,
    forBooking: entry.meetingId !== null,
  };
}

/** The teacher's open entries by slot id: a slot card says where they stand. */
export async function waitlistEntriesBySlot(
  pageContext: PageContextServer,
): Promise<Record<number, WaitlistEntryData>> {
  return Object.fromEntries((await cardsOf(pageContext)).map((card) => [card.slot.id, entryData(card)]));
}

/** The teacher's waitlist section: each entry with its slot's company and time, in the slot's zone. */
export async function waitlistItems(pageContext: PageContextServer): Promise<WaitlistItem[]> {
  return (await cardsOf(pageContext)).map((card) => ({
    ...entryData(card),
    companyName: card.companyName,
    companyUrl: `${ROUTES.companyDetails}?id=${card.slot.companyId}`,
    when: whenOf(card.slot),
  }));
}

/** The booking an offer just accepted became (`?reservee=`), as the offer's place says it; null if not the viewer's. */
export async function offerBookedOf(
  { viewer, deps }: PageContextServer,
  meetingId: number | null,
): Promise<OfferBookedData | null> {
  const meeting = meetingId ? await meetingViewFor(viewer, meetingId, deps) : null;
  if (!meeting || meeting.teacher.id !== viewer?.id || meeting.status === 'cancelled') return null;
  return {
    when: whenOf(meeting),
    companyName: meeting.company.name,
    url: `${ROUTES.meetingDetailsTeacher}?id=${meeting.id}`,
  };
}
