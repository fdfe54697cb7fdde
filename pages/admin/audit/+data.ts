import type { PageContextServer } from 'vike/types';
import { auditEntries } from '../../../server/admin/index.ts';
import { pageNumberOf, pageOf } from '../page-input.ts';

/** Every back-office action, latest first (national administrators only). */
export function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const page = pageNumberOf(urlParsed.search.page);
  return pageOf(async () => ({ page, ...(await auditEntries(viewer, { page }, deps)) }));
}

export type Data = Awaited<ReturnType<typeof data>>;
