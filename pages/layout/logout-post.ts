import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { ROUTES } from '../../common/routes.ts';
import { LOGOUT_INTENT, type LogoutButtonProps } from '../../islands/accounts/LogoutButton.tsx';
import { endRecruitmentAccess, endSession } from '../../server/accounts/index.ts';
import { isProConnectSession, proConnectLogoutUrl } from '../../server/proconnect/index.ts';
import { formPostOf } from './form-post.ts';

/**
 * « Se déconnecter » posted without JavaScript (issue 36), on the pages that place it: the same as the API's
 * `logout` (the recruiter's access to the recruitment site, the session's row and cookie), then the home
 * page, or first ProConnect's logout for a session it opened (docs/decisions/0095). The session cookie goes on
 * Hono's response, which the redirect carries (formPostOf). Otherwise, the button's props.
 */
export async function plainLogout(pageContext: PageContextServer): Promise<LogoutButtonProps> {
  const { viewer, deps } = pageContext;
  const post = await formPostOf(pageContext);
  if (post?.intent !== LOGOUT_INTENT) return { endsProConnect: await isProConnectSession(viewer, deps) };
  await endRecruitmentAccess(viewer, {}, deps);
  const throughProConnect = await proConnectLogoutUrl(viewer, deps);
  await endSession(pageContext.runtime.hono);
  throw redirect(throughProConnect ?? ROUTES.landing);
}
