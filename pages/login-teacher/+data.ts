import type { PageContextServer } from 'vike/types';
import { ROUTES } from '../../common/routes.ts';
import { safeNextPath } from '../layout/next-path.ts';

export function data(pageContext: PageContextServer) {
  const { next, logout } = pageContext.urlParsed.search;
  return { next: safeNextPath(next, ROUTES.homeTeacher), forcedLogout: logout === 'forced' };
}

export type Data = ReturnType<typeof data>;
