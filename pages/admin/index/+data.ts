import type { PageContextServer } from 'vike/types';
import { adminHome } from '../../../server/admin/index.ts';

export async function data(pageContext: PageContextServer) {
  return adminHome(pageContext.deps.db);
}

export type Data = Awaited<ReturnType<typeof data>>;
