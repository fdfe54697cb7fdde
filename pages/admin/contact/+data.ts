import type { PageContextServer } from 'vike/types';
import {
  CONTACT_PAGE_SIZE,
  contactInbox,
  contactQuery,
  departmentsOfArea,
} from '../../../server/admin/index.ts';
import { pageNumberOf, pageOf } from '../page-input.ts';

/** The contact form's messages of the operator's region, newest first, filtered by status, a page at a time. */
export function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const filter = { ...contactQuery(urlParsed.search), page: pageNumberOf(urlParsed.search.page) };
  return pageOf(async () => {
    const [{ total, items }, departments] = await Promise.all([
      contactInbox(viewer, filter, deps),
      departmentsOfArea(viewer, deps),
    ]);
    return {
      departments,
      filter,
      total,
      pageSize: CONTACT_PAGE_SIZE,
      items: items.map((message) => ({
        id: message.id,
        createdAt: message.createdAt,
        subject: message.subject,
        name: message.name,
        organisation: message.organisation,
        departmentCode: message.departmentCode,
        status: message.status,
        answered: message.answer !== null,
      })),
    };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
