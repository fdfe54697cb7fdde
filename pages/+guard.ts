import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { HOME_OF, ROUTES } from '../common/routes.ts';

/**
 * The navigation guard, on the server before any HTML is sent: a visitor on a login-required route goes
 * to the teacher login (spec, section 2); a user on another kind's route goes to their own home.
 */
export function guard(pageContext: PageContextServer) {
  const access = pageContext.config.access ?? 'public';
  const { viewer } = pageContext;
  if (access === 'public') return;
  if (!viewer) throw redirect(access === 'admin' ? ROUTES.adminLogin : ROUTES.loginTeacher);
  if (access !== 'user' && viewer.kind !== access) throw redirect(HOME_OF[viewer.kind]);
}
