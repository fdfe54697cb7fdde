import type { PageContextServer } from 'vike/types';
import { ROUTES } from '../../common/routes.ts';
import { upcomingTicketPaths } from '../../server/documents/index.ts';
import { plainKeep } from '../layout/keep-post.ts';
import { meetingsListData } from '../layout/meetings-data.ts';
import { waitlistItems } from '../layout/waitlist-data.ts';
import { plainWaitlist } from '../layout/waitlist-post.ts';

/**
 * The teacher's meetings of one tab, and beside the upcoming ones, their waitlists (decision 0041); the
 * tickets their phone keeps for offline reading (decision 0046).
 */
export async function data(pageContext: PageContextServer) {
  // « Quitter la liste d’attente » and « Je garde ma place » posted without JavaScript, before the lists are read.
  const waitlistPlain = await plainWaitlist(pageContext, ROUTES.meetingsTeacher);
  const keep = await plainKeep(pageContext);
  const [list, waitlist, tickets] = await Promise.all([
    meetingsListData(pageContext),
    waitlistItems(pageContext),
    upcomingTicketPaths(pageContext.viewer, pageContext.deps),
  ]);
  return { ...list, waitlist, tickets, waitlistPlain, keep };
}
export type Data = Awaited<ReturnType<typeof data>>;
