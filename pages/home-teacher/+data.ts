import type { PageContextServer } from 'vike/types';
import { meetingViews } from '../../server/meetings/index.ts';

/** How many of the next meetings "Mon espace" shows. */
const NEXT_MEETINGS = 3;

/**
 * The teacher's next meetings that still stand: a cancelled one is no longer "next", so the cancelled ones
 * are left out before taking the first three (a teacher has few upcoming meetings, so all are read).
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  if (!viewer) return { firstName: '', meetings: [] };
  const upcoming = await meetingViews(deps.db, viewer, 'upcoming', deps.clock.now());
  return {
    firstName: viewer.firstName,
    meetings: upcoming.filter((meeting) => meeting.status !== 'cancelled').slice(0, NEXT_MEETINGS),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
