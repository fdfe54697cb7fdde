import type { PageContextServer } from 'vike/types';
import { ROUTES, withNext } from '../../common/routes.ts';
import { postedCompanyLogin } from './company-login-post.ts';

/**
 * `?next=` travels through the success screen, which sends the recruiter there (or home). A plain post logs in
 * as the island does (postedCompanyLogin).
 */
export async function data(pageContext: PageContextServer) {
  const { next } = pageContext.urlParsed.search;
  const successPath = withNext(ROUTES.loginCompanySuccess, next);
  return {
    posted: await postedCompanyLogin(pageContext, successPath),
    successPath,
    teacherLogin: withNext(ROUTES.loginTeacher, next),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
