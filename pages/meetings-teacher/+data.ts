import type { PageContextServer } from 'vike/types';
import { meetingsListData } from '../layout/meetings-data.ts';
import { waitlistItems } from '../layout/waitlist-data.ts';

/** The teacher's meetings of one tab, and beside the upcoming ones, their waitlists (decision 0041). */
export async function data(pageContext: PageContextServer) {
  const [list, waitlist] = await Promise.all([meetingsListData(pageContext), waitlistItems(pageContext)]);
  return { ...list, waitlist };
}
export type Data = Awaited<ReturnType<typeof data>>;
