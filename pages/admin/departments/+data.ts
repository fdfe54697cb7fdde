import type { PageContextServer } from 'vike/types';
import { departmentsForAdmin } from '../../../server/admin/index.ts';
import { pageOf } from '../page-input.ts';

export function data(pageContext: PageContextServer) {
  return pageOf(async () => ({
    departments: await departmentsForAdmin(pageContext.viewer, pageContext.deps),
  }));
}

export type Data = Awaited<ReturnType<typeof data>>;
