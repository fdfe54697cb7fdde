import type { PageContextServer } from 'vike/types';
import { developerFacts } from '../../server/partners/index.ts';

export function data(pageContext: PageContextServer) {
  return developerFacts(pageContext.deps);
}

export type Data = ReturnType<typeof data>;
