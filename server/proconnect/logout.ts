import { PROCONNECT_ROUTES } from '../../common/proconnect.ts';
import type { Deps } from '../kernel/context.ts';
import { unsealText } from '../kernel/seal.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { sealedIdTokenOf } from './queries.ts';

/**
 * Whether the viewer's session was opened with ProConnect: its logout then leaves through ProConnect's
 * (the « Se déconnecter » button posts its form rather than calling the API, docs/decisions/0095).
 */
export async function isProConnectSession(viewer: Viewer | null, deps: Deps): Promise<boolean> {
  return viewer !== null && (await sealedIdTokenOf(deps.db, viewer.sessionId)) !== null;
}

/**
 * Where a browser logging out of a session opened with ProConnect goes to end ProConnect's session too: its
 * `end_session_endpoint` with the session's ID token and the way back here. Null for any other session, or
 * when ProConnect cannot be asked (the platform's session ends all the same; ProConnect's ends in 12 hours).
 * To be read before the session ends: its ID token goes with it.
 */
export async function proConnectLogoutUrl(viewer: Viewer | null, deps: Deps): Promise<string | null> {
  const provider = deps.identityProvider;
  if (!viewer || !provider) return null;
  const sealed = await sealedIdTokenOf(deps.db, viewer.sessionId);
  const idToken = sealed && (await unsealText(deps.config.JWT_SECRET, 'proconnect-id-token', sealed));
  if (!idToken) return null;
  try {
    const url = await provider.endSessionUrl({
      idToken,
      postLogoutRedirectUri: `${deps.config.PUBLIC_URL}${PROCONNECT_ROUTES.loggedOut}`,
    });
    return url.href;
  } catch (error) {
    deps.log.warn('ProConnect session not ended at logout', { userId: viewer.id, error: String(error) });
    return null;
  }
}
