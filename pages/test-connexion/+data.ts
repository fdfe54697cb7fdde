import type { PageContextServer } from 'vike/types';
import { connectionTestPage } from '../../server/connection-test/index.ts';

export function data(pageContext: PageContextServer) {
  return connectionTestPage(pageContext.deps);
}

export type Data = ReturnType<typeof data>;
