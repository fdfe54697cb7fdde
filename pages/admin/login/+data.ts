import type { PageContextServer } from 'vike/types';
import { nextPathFor } from '../../../common/routes.ts';
import { postedLogin } from '../../layout/login-post.ts';
import { proConnectOffer } from '../../layout/proconnect-offer.ts';

/** Where the operator goes once logged in; the form's post logs in (postedLogin). */
export async function data(pageContext: PageContextServer) {
  return {
    posted: await postedLogin(pageContext, 'admin'),
    next: nextPathFor('admin', pageContext.urlParsed.search.next),
    proConnect: proConnectOffer(pageContext, 'admin'),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
