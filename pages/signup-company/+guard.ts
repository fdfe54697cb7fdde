import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { HOME_OF } from '../../common/routes.ts';

/** Someone already logged in has nothing to do on a sign-up page. */
export function guard(pageContext: PageContextServer) {
  if (pageContext.viewer) throw redirect(HOME_OF[pageContext.viewer.kind]);
}
