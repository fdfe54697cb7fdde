import type { PageContextServer } from 'vike/types';
import { COMPANY_STATUSES } from '../../../common/constants.ts';
import { TEXT_MAX } from '../../../common/text.ts';
import { adminCompanies, contactInbox, departmentsOfArea, reviewQueue } from '../../../server/admin/index.ts';
import { waitingTransportRequestsCount } from '../../../server/meetings/index.ts';
import { choiceOf, pageNumberOf, pageOf, textOf } from '../page-input.ts';

export const COMPANIES_PAGE_SIZE = 25;

/**
 * The back-office's home: what waits in the operator's area (companies to validate, transport requests to
 * answer, new messages), the queue to decide on, then every company of the area, searched and paged.
 */
export function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const { q, statut, departement, page } = urlParsed.search;
  const filter = {
    text: textOf(q, TEXT_MAX.searchText),
    status: choiceOf(statut, COMPANY_STATUSES),
    departmentCode: textOf(departement, 3),
    page: pageNumberOf(page),
  };
  return pageOf(async () => {
    const [pending, companies, departments, transportRequests, newMessages] = await Promise.all([
      reviewQueue(viewer, deps),
      adminCompanies(viewer, { ...filter, pageSize: COMPANIES_PAGE_SIZE }, deps),
      departmentsOfArea(viewer, deps),
      waitingTransportRequestsCount(viewer, deps),
      contactInbox(viewer, { status: 'new', page: 1, pageSize: 1 }, deps),
    ]);
    const waiting = {
      companies: pending.length,
      transportRequests,
      messages: newMessages.total,
    };
    return { pending, companies, departments, filter, waiting };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
