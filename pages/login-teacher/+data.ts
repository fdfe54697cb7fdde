import type { PageContextServer } from 'vike/types';
import { isCompanySide, nextPathFor, ROUTES, withNext } from '../../common/routes.ts';
import { postedLogin } from '../layout/login-post.ts';
import { proConnectOffer } from '../layout/proconnect-offer.ts';

/**
 * `?next=`: where the teacher goes once logged in; a recruiter sent here keeps it on the company login,
 * offered at once when `next` is a company's page. The form's post logs in (postedLogin); ProConnect's button
 * is offered beside it when set up.
 */
export async function data(pageContext: PageContextServer) {
  const { next, logout } = pageContext.urlParsed.search;
  return {
    posted: await postedLogin(pageContext, 'teacher'),
    next: nextPathFor('teacher', next),
    companyLogin: withNext(ROUTES.loginCompany, next),
    /** Sent here from a company's page (the guard sends every visitor here): the company login first. */
    companySide: isCompanySide(next),
    forcedLogout: logout === 'forced',
    proConnect: proConnectOffer(pageContext, 'teacher'),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
