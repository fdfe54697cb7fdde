import type { PageContextServer } from 'vike/types';
import { adminHome } from '../../../server/admin/index.ts';

export function data(pageContext: PageContextServer) {
  return adminHome(pageContext.viewer, pageContext.deps);
}

export type Data = Awaited<ReturnType<typeof data>>;
