import type { PageContextServer } from 'vike/types';
import { MEETING_TYPES } from '../../../common/constants.ts';
import { addDays } from '../../../common/time.ts';
import { adminMeetings, departmentsOfArea } from '../../../server/admin/index.ts';
import { choiceOf, dayOf, pageNumberOf, pageOf, textOf } from '../page-input.ts';

export const MEETINGS_PAGE_SIZE = 50;
export const MEETING_FILTER_STATUSES = ['upcoming', 'done', 'cancelled', 'absent'] as const;

/** The meetings of the operator's area by period, department, type and status, latest first. */
export function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const { du, au, departement, type, statut, page } = urlParsed.search;
  const from = dayOf(du);
  const until = dayOf(au);
  const filter = {
    from: from ? du : null,
    to: until ? au : null,
    departmentCode: textOf(departement, 3),
    meetingType: choiceOf(type, MEETING_TYPES),
    status: choiceOf(statut, MEETING_FILTER_STATUSES),
    page: pageNumberOf(page),
  };
  return pageOf(async () => {
    const [meetings, departments] = await Promise.all([
      adminMeetings(
        viewer,
        {
          ...filter,
          from,
          // "au 12 mars" includes the 12th.
          to: au && until ? dayOf(addDays(au, 1)) : null,
          pageSize: MEETINGS_PAGE_SIZE,
        },
        deps,
      ),
      departmentsOfArea(viewer, deps),
    ]);
    return { meetings, departments, filter, now: deps.clock.now() };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
