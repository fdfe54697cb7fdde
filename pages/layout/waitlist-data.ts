import type { PageContextServer } from 'vike/types';
import { formatSlotDate, formatSlotHours, formatSlotStart } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import type { WaitlistEntryData, WaitlistItem } from '../../islands/meetings/Waitlist.tsx';
import { type WaitlistCard, waitlistCardsOf } from '../../server/waitlist/index.ts';

/** The teacher's waitlists, for the pages that show them (decision 0041); none for anyone else. */
function cardsOf({ viewer, deps }: PageContextServer): Promise<WaitlistCard[]> {
  return waitlistCardsOf(viewer, deps);
}

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
    when: `${formatSlotDate(card.slot.startsAt, card.slot.timeZone)}, ${formatSlotHours(card.slot.startsAt, card.slot.endsAt, card.slot.timeZone)}`,
  }));
}
