import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { QUEUE_DECIDED } from '../../../islands/admin/PendingCompanies.tsx';
import {
  adminCompanies,
  companiesQuery,
  contactInbox,
  departmentsOfArea,
  operatedCompany,
  recheckCompanyDirectory,
  reviewQueue,
} from '../../../server/admin/index.ts';
import { waitingTransportRequestsCount } from '../../../server/transport/index.ts';
import { formPostOf } from '../../layout/form-post.ts';
import { adminPost } from '../admin-post.ts';
import { companyDecisions } from '../company-decisions.ts';
import { choiceOf, idOf, NOTICE_ID, pageNumberOf, pageOf } from '../page-input.ts';

export const COMPANIES_PAGE_SIZE = 25;

/**
 * The back-office's home: what waits in the operator's area (companies to validate, transport requests to
 * answer, new messages), the queue to decide on, then every company of the area, searched and paged. The
 * queue's « Valider » and « Refuser » are plain posts first (issue 36): the page then says which company was
 * decided (`?decision=…&entreprise=…`), as the island's toast does.
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
  const plain = await adminPost(
    pageContext,
    companyDecisions(pageContext, {
      companyId: (post) => idOf(post.fields.id),
      asks: ['RefuseCompany'],
      done: (decision, id) => {
        const query = new URLSearchParams({ ...urlParsed.search, decision, entreprise: String(id) });
        return `${urlParsed.pathname}?${query}#${NOTICE_ID}`;
      },
    }),
  );
  const filter = { ...companiesQuery(urlParsed.search), page: pageNumberOf(urlParsed.search.page) };
  const decision = choiceOf(urlParsed.search.decision, ['ValidateCompany', 'RefuseCompany'] as const);
  const decided = idOf(urlParsed.search.entreprise);
  return pageOf(async () => {
    const [pending, companies, departments, transportRequests, newMessages, decidedCompany] =
      await Promise.all([
        reviewQueue(viewer, deps),
        adminCompanies(viewer, { ...filter, pageSize: COMPANIES_PAGE_SIZE }, deps),
        departmentsOfArea(viewer, deps),
        waitingTransportRequestsCount(viewer, deps),
        contactInbox(viewer, { status: 'new', page: 1, pageSize: 1 }, deps),
        decision && decided ? operatedCompany(viewer, decided, deps) : null,
      ]);
    const waiting = {
      companies: pending.length,
      transportRequests,
      messages: newMessages.total,
    };
    const notice = decision && decidedCompany ? QUEUE_DECIDED[decision](decidedCompany.name) : null;
    return { pending, companies, departments, filter, waiting, notice, plain };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
