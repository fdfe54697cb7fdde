import type { Deps } from '../http/context.ts';
import { liveMeetingOfTeacher, type MeetingFact, meetingsOfSlot } from '../meetings/index.ts';
import { canSeeCompanyPrivate, canSeeVideoLink, type Viewer } from '../permissions.ts';
import type { SlotRow } from './slots.ts';

/** Who booked a slot: its company's recruiters and the operators; nothing for anyone else. */
export function slotBookingsFor(viewer: Viewer | null, slot: SlotRow, deps: Deps): Promise<MeetingFact[]> {
  return canSeeCompanyPrivate(viewer, slot.companyId)
    ? meetingsOfSlot(deps.db, slot.id)
    : Promise.resolve([]);
}

/**
 * An external webinar's link: its company, the operators, and the teachers who hold a live booking on the
 * slot (permissions.canSeeVideoLink); null for anyone else.
 */
export async function slotVideoLinkFor(
  viewer: Viewer | null,
  slot: SlotRow,
  deps: Deps,
): Promise<string | null> {
  if (!slot.videoLink) return null;
  const holdsBooking =
    viewer?.kind === 'teacher' && (await liveMeetingOfTeacher(deps.db, slot.id, viewer.id)) !== null;
  return canSeeVideoLink(viewer, slot, holdsBooking) ? slot.videoLink : null;
}
