import type { PageContextServer } from 'vike/types';
import {
  adminMeetings,
  departmentsOfArea,
  MEETING_FILTER_STATUSES,
  meetingsPeriod,
  meetingsQuery,
} from '../../../server/admin/index.ts';
import { pageNumberOf, pageOf } from '../page-input.ts';

export const MEETINGS_PAGE_SIZE = 50;
export { MEETING_FILTER_STATUSES };

/** The meetings of the operator's area by period, department, type and status, latest first. */
export function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const query = meetingsQuery(urlParsed.search);
  const filter = { ...query, page: pageNumberOf(urlParsed.search.page) };
  return pageOf(async () => {
    const [meetings, departments] = await Promise.all([
      adminMeetings(
        viewer,
        { ...meetingsPeriod(query), page: filter.page, pageSize: MEETINGS_PAGE_SIZE },
        deps,
      ),
      departmentsOfArea(viewer, deps),
    ]);
    return { meetings, departments, filter, now: deps.clock.now() };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
