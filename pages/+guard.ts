import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { HOME_OF, ROUTES, withNext } from '../common/routes.ts';

/**
 * The navigation guard, on the server before any HTML is sent: a visitor on a login-required route goes
 * to the teacher login (spec, section 2), which brings them back here once logged in (`?next=`); a user on
 * another kind's route goes to their own home.
 */
export function guard(pageContext: PageContextServer) {
  const access = pageContext.config.access ?? 'public';
  const { viewer, urlParsed } = pageContext;
  if (access === 'public') return;
  if (!viewer) {
    const here = urlParsed.pathnameOriginal + (urlParsed.searchOriginal ?? '');
    throw redirect(withNext(access === 'admin' ? ROUTES.adminLogin : ROUTES.loginTeacher, here));
  }
  if (access !== 'user' && viewer.kind !== access) throw redirect(HOME_OF[viewer.kind]);
}
