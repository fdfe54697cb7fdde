import type { PageContextServer } from 'vike/types';
import { meetingViews } from '../../server/meetings/index.ts';
import { openSlotViews } from '../../server/slots/index.ts';

/** How many meetings and free slots "Mon espace" shows; the full lists are a link away. */
export const HOME_LIST_LIMIT = 5;

export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  if (viewer?.kind !== 'recruiter' || !viewer.companyId) {
    return { firstName: viewer?.firstName ?? '', meetings: [], openSlots: [] };
  }
  const now = deps.clock.now();
  const [meetings, openSlots] = await Promise.all([
    meetingViews(deps.db, viewer, 'upcoming', now, HOME_LIST_LIMIT),
    openSlotViews(deps.db, viewer.companyId, now, HOME_LIST_LIMIT),
  ]);
  return { firstName: viewer.firstName, meetings, openSlots };
}

export type Data = Awaited<ReturnType<typeof data>>;
