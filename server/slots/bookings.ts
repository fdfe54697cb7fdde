import { findCompanyById } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { liveMeetingOfTeacher, type MeetingFact, meetingsOfSlot } from '../meetings/index.ts';
import { canSeeCompanyPrivate, canSeeVideoLink } from '../permissions.ts';
import type { SlotRow } from './slots.ts';

/** Who booked a slot: its company's recruiters and its region's operators; nothing for anyone else. */
export async function slotBookingsFor(
  viewer: Viewer | null,
  slot: SlotRow,
  deps: Deps,
): Promise<MeetingFact[]> {
  if (!viewer || viewer.kind === 'teacher') return [];
  const company = await findCompanyById(deps.db, slot.companyId);
  return company && canSeeCompanyPrivate(viewer, company) ? meetingsOfSlot(deps.db, slot.id) : [];
}

/**
 * An external webinar's link: its company, its region's operators, and the teachers who hold a live booking
 * on the slot (permissions.canSeeVideoLink); null for anyone else.
 */
export async function slotVideoLinkFor(
  viewer: Viewer | null,
  slot: SlotRow,
  deps: Deps,
): Promise<string | null> {
  if (!slot.videoLink || !viewer) return null;
  const [company, booking] = await Promise.all([
    findCompanyById(deps.db, slot.companyId),
    viewer.kind === 'teacher' ? liveMeetingOfTeacher(deps.db, slot.id, viewer.id) : null,
  ]);
  return company && canSeeVideoLink(viewer, company, booking !== null) ? slot.videoLink : null;
}
