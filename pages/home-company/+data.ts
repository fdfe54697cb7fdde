import type { PageContextServer } from 'vike/types';
import { meetingViewsFor } from '../../server/meetings/index.ts';
import { openSlotViewsFor } from '../../server/slots/index.ts';

/** How many meetings and free slots "Mon espace" shows; the full lists are a link away. */
export const HOME_LIST_LIMIT = 5;

/** The company's next meetings that still stand (a cancelled one is no longer "next") and its open slots. */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const [meetings, openSlots] = await Promise.all([
    meetingViewsFor(viewer, { period: 'upcoming', standingOnly: true, limit: HOME_LIST_LIMIT }, deps),
    openSlotViewsFor(viewer, HOME_LIST_LIMIT, deps),
  ]);
  return { firstName: viewer?.firstName ?? '', meetings, openSlots };
}

export type Data = Awaited<ReturnType<typeof data>>;
