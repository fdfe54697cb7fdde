import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { CANCEL_ANCHOR } from '../../islands/meetings/CancelMeeting.tsx';
import { periodOfSearch } from '../../islands/meetings/MeetingParts.tsx';
import { hasCalendarFeed } from '../../server/accounts/index.ts';
import { documentItems, slotDocumentsFor, teacherDocumentsFor } from '../../server/documents/index.ts';
import { meetingDetailsWithFeedback, meetingsWithFeedback } from '../../server/feedback/index.ts';
import { plainCalendarFeed } from './calendar-feed-post.ts';
import { plainCancel } from './cancel-post.ts';
import { plainKeep } from './keep-post.ts';

/**
 * The meetings pages' data, the same for the teacher's and the company's side (each side's pages
 * re-export it): the viewer decides whose meetings they are.
 */

/**
 * The viewer's meetings of one tab (each with its questionnaire), and whether they have a calendar feed:
 * the feed's plain post first, so that the page shows what it changed (`feedPlain`).
 */
export async function meetingsListData(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const feedPlain = await plainCalendarFeed(pageContext);
  const period = periodOfSearch(pageContext.urlParsed.search.periode);
  const [meetings, hasFeed] = await Promise.all([
    meetingsWithFeedback(viewer, { period }, deps),
    hasCalendarFeed(viewer, deps),
  ]);
  return { period, meetings, hasFeed, feedPlain };
}
export type MeetingsListData = Awaited<ReturnType<typeof meetingsListData>>;

/**
 * One of the viewer's meetings, with its questionnaire, its absence and (its teacher's) transport help;
 * anyone else's, or none, is a 404 that says nothing of it.
 */
export async function meetingDetailsData(pageContext: PageContextServer) {
  const id = Number(pageContext.urlParsed.search.id);
  // A cancellation posted as a plain form, before the meeting is read: the page shows what it changed.
  const cancel = Number.isSafeInteger(id) && id > 0 ? await plainCancel(pageContext, id) : null;
  const keep = await plainKeep(pageContext, `#${CANCEL_ANCHOR}`);
  const meeting =
    Number.isSafeInteger(id) && id > 0
      ? await meetingDetailsWithFeedback(pageContext.viewer, id, pageContext.deps)
      : null;
  if (!meeting) throw render(404);
  const { viewer, deps } = pageContext;
  // The company reads the teacher's documents; the teacher, the slot's.
  const documents =
    viewer?.kind === 'teacher'
      ? await slotDocumentsFor(viewer, { id: meeting.slotId, companyId: meeting.company.id }, deps)
      : await teacherDocumentsFor(viewer, meeting.teacher.id, deps);
  return { meeting, documents: documentItems(documents), cancel: cancel && { ...cancel, keep } };
}
export type MeetingDetailsData = Awaited<ReturnType<typeof meetingDetailsData>>;
