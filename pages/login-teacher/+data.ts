import type { PageContextServer } from 'vike/types';
import { nextPathFor, ROUTES, withNext } from '../../common/routes.ts';
import { postedLogin } from '../layout/login-post.ts';

/**
 * `?next=`: where the teacher goes once logged in; a recruiter sent here keeps it on the company login. A plain
 * post logs in as the island does (postedLogin).
 */
export async function data(pageContext: PageContextServer) {
  const { next, logout } = pageContext.urlParsed.search;
  return {
    posted: await postedLogin(pageContext, 'teacher'),
    next: nextPathFor('teacher', next),
    companyLogin: withNext(ROUTES.loginCompany, next),
    forcedLogout: logout === 'forced',
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
