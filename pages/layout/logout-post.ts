import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { ROUTES } from '../../common/routes.ts';
import { LOGOUT_INTENT } from '../../islands/accounts/LogoutButton.tsx';
import { endRecruitmentAccess, endSession } from '../../server/accounts/index.ts';
import { formPostOf } from './form-post.ts';

/**
 * « Se déconnecter » posted without JavaScript (issue 36), on the pages that place it: the same as the API's
 * `logout` (the recruiter's access to the recruitment site, the session's row and cookie), then the home
 * page. The session cookie goes on Hono's response, which the redirect carries (formPostOf).
 */
export async function plainLogout(pageContext: PageContextServer): Promise<void> {
  const post = await formPostOf(pageContext);
  if (post?.intent !== LOGOUT_INTENT) return;
  await endRecruitmentAccess(pageContext.viewer, {}, pageContext.deps);
  await endSession(pageContext.runtime.hono);
  throw redirect(ROUTES.landing);
}
