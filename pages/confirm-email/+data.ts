import type { PageContextServer } from 'vike/types';

export function data(pageContext: PageContextServer) {
  return { token: pageContext.urlParsed.search.token ?? '' };
}

export type Data = ReturnType<typeof data>;
