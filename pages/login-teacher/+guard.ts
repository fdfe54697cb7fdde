import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { nextPathFor } from '../../common/routes.ts';

/** Someone already logged in has nothing to do on a login page: on to the page they asked for, or home. */
export function guard(pageContext: PageContextServer) {
  const { viewer, urlParsed } = pageContext;
  if (viewer) throw redirect(nextPathFor(viewer.kind, urlParsed.search.next));
}
