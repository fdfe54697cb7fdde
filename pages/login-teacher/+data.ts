import type { PageContextServer } from 'vike/types';
import { ROUTES } from '../../common/routes.ts';
import { safeNextPath } from '../layout/next-path.ts';

export function data(pageContext: PageContextServer) {
  return { next: safeNextPath(pageContext.urlParsed.search.next, ROUTES.homeTeacher) };
}

export type Data = ReturnType<typeof data>;
