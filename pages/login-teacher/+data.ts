import type { PageContextServer } from 'vike/types';
import { nextPathFor, ROUTES, withNext } from '../../common/routes.ts';

/** `?next=`: where the teacher goes once logged in; a recruiter sent here keeps it on the company login. */
export function data(pageContext: PageContextServer) {
  const { next, logout } = pageContext.urlParsed.search;
  return {
    next: nextPathFor('teacher', next),
    companyLogin: withNext(ROUTES.loginCompany, next),
    forcedLogout: logout === 'forced',
  };
}

export type Data = ReturnType<typeof data>;
