import type { PageContextServer } from 'vike/types';
import { ROUTES, withNext } from '../../common/routes.ts';
import { proConnectOffer } from '../layout/proconnect-offer.ts';
import { postedCompanyLogin } from './company-login-post.ts';

/**
 * `?next=` travels through the success screen, which sends the recruiter there (or home). The form's post logs
 * in (postedCompanyLogin).
 */
export async function data(pageContext: PageContextServer) {
  const { next } = pageContext.urlParsed.search;
  return {
    posted: await postedCompanyLogin(pageContext, withNext(ROUTES.loginCompanySuccess, next)),
    teacherLogin: withNext(ROUTES.loginTeacher, next),
    proConnect: proConnectOffer(pageContext, 'recruiter'),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
