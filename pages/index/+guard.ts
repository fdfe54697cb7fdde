import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { HOME_OF } from '../../common/routes.ts';

/** "home": the second entry of `/`, leading a logged-in user to their own home. */
export function guard(pageContext: PageContextServer) {
  if (pageContext.viewer) throw redirect(HOME_OF[pageContext.viewer.kind]);
}
