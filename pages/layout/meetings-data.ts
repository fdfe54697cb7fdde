import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { periodOfSearch } from '../../islands/meetings/MeetingParts.tsx';
import { hasCalendarFeed, meetingView, meetingViews } from '../../server/meetings/index.ts';

/**
 * The meetings pages' data, the same for the teacher's and the company's side (each side's pages
 * re-export it): the viewer decides whose meetings they are.
 */

/** The viewer's meetings of one tab, and whether they already have a calendar feed. */
export async function meetingsListData(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const period = periodOfSearch(pageContext.urlParsed.search.periode);
  if (!viewer) return { period, meetings: [], hasFeed: false };
  const [meetings, hasFeed] = await Promise.all([
    meetingViews(deps.db, viewer, period, deps.clock.now()),
    hasCalendarFeed(deps.db, viewer.id),
  ]);
  return { period, meetings, hasFeed };
}
export type MeetingsListData = Awaited<ReturnType<typeof meetingsListData>>;

/** One of the viewer's meetings; anyone else's, or none, is a 404 that says nothing of it. */
export async function meetingDetailsData(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const id = Number(pageContext.urlParsed.search.id);
  const meeting =
    viewer && Number.isSafeInteger(id) && id > 0
      ? await meetingView(deps.db, viewer, id, deps.clock.now())
      : null;
  if (!meeting) throw render(404);
  return { meeting };
}
export type MeetingDetailsData = Awaited<ReturnType<typeof meetingDetailsData>>;
