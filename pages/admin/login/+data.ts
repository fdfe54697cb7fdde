import type { PageContextServer } from 'vike/types';
import { nextPathFor } from '../../../common/routes.ts';

export function data(pageContext: PageContextServer) {
  return { next: nextPathFor('admin', pageContext.urlParsed.search.next) };
}

export type Data = ReturnType<typeof data>;
