import type { PageContextServer } from 'vike/types';
import { transportRequestsForOperators } from '../../../server/transport/index.ts';

export function data(pageContext: PageContextServer) {
  return transportRequestsForOperators(pageContext.viewer, pageContext.deps);
}

export type Data = Awaited<ReturnType<typeof data>>;
