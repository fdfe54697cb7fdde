import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import {
  adminCompanies,
  companiesQuery,
  contactInbox,
  departmentsOfArea,
  recheckCompanyDirectory,
  reviewQueue,
} from '../../../server/admin/index.ts';
import { waitingTransportRequestsCount } from '../../../server/transport/index.ts';
import { formPostOf } from '../../layout/form-post.ts';
import { idOf, pageNumberOf, pageOf } from '../page-input.ts';

export const COMPANIES_PAGE_SIZE = 25;

/**
 * The back-office's home: what waits in the operator's area (companies to validate, transport requests to
 * answer, new messages), the queue to decide on, then every company of the area, searched and paged.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  // « Vérifier à nouveau » on a validation card: a plain post, then the card again with the new answer.
  const post = await formPostOf(pageContext);
  if (post?.intent === 'directory') {
    // An id that is no company's is a 404, as another region's.
    const id = idOf(post.fields.id) ?? 0;
    await pageOf(() => recheckCompanyDirectory(viewer, { id }, deps));
    throw redirect(`${urlParsed.pathname}${urlParsed.searchOriginal ?? ''}#company-${id}`);
  }
  const filter = { ...companiesQuery(urlParsed.search), page: pageNumberOf(urlParsed.search.page) };
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
