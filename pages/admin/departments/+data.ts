import type { PageContextServer } from 'vike/types';
import { departmentsForAdmin } from '../../../server/admin/index.ts';

export async function data(pageContext: PageContextServer) {
  return { departments: await departmentsForAdmin(pageContext.viewer, pageContext.deps) };
}

export type Data = Awaited<ReturnType<typeof data>>;
