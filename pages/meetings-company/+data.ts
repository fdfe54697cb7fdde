import type { PageContextServer } from 'vike/types';
import { periodOfSearch } from '../../islands/meetings/MeetingParts.tsx';
import { hasCalendarFeed, meetingViews } from '../../server/meetings/index.ts';

/** The viewer's meetings of one tab, and whether they already have a calendar feed. */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const period = periodOfSearch(pageContext.urlParsed.search.periode);
  if (!viewer) return { period, meetings: [], hasFeed: false };
  const [meetings, hasFeed] = await Promise.all([
    meetingViews(deps.db, viewer, period, deps.clock.now()),
    hasCalendarFeed(deps.db, viewer.id),
  ]);
  return { period, meetings, hasFeed };
}

export type Data = Awaited<ReturnType<typeof data>>;
