import type { PageContextServer } from 'vike/types';
import { ROUTES, withNext } from '../../common/routes.ts';

/** `?next=` travels through the success screen, which sends the recruiter there (or home). */
export function data(pageContext: PageContextServer) {
  const { next } = pageContext.urlParsed.search;
  return {
    successPath: withNext(ROUTES.loginCompanySuccess, next),
    teacherLogin: withNext(ROUTES.loginTeacher, next),
  };
}

export type Data = ReturnType<typeof data>;
