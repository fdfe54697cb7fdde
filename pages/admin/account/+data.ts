import type { PageContextServer } from 'vike/types';
import { ownAccount } from '../../../server/admin/index.ts';
import { pageOf } from '../page-input.ts';

/** The operator's own account: their login address and where they act. */
export function data(pageContext: PageContextServer) {
  return pageOf(() => ownAccount(pageContext.viewer, pageContext.deps));
}

export type Data = Awaited<ReturnType<typeof data>>;
