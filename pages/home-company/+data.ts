import type { PageContextServer } from 'vike/types';
import { firstStepsFor } from '../../server/first-steps/index.ts';
import { meetingViewsFor } from '../../server/meetings/index.ts';
import { openSlotViewsFor } from '../../server/slots/index.ts';

/** How many meetings and free slots "Mon espace" shows; the full lists are a link away. */
export const HOME_LIST_LIMIT = 5;

/**
 * The company's first steps while some are left (issue 21), its next meetings that still stand (a cancelled
 * one is no longer "next") and its open slots.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const [firstSteps, meetings, openSlots] = await Promise.all([
    firstStepsFor(viewer, deps),
    meetingViewsFor(viewer, { period: 'upcoming', standingOnly: true, limit: HOME_LIST_LIMIT }, deps),
    openSlotViewsFor(viewer, HOME_LIST_LIMIT, deps),
  ]);
  return { firstName: viewer?.firstName ?? '', firstSteps, meetings, openSlots };
}

export type Data = Awaited<ReturnType<typeof data>>;
