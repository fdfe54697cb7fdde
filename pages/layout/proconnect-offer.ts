import type { PageContextServer } from 'vike/types';
import {
  PROCONNECT_REFUSAL_PARAM,
  PROCONNECT_ROUTES,
  type ProConnectFor,
  proConnectRefusalMessage,
} from '../../common/proconnect.ts';
import { sameSitePath } from '../../common/routes.ts';

/** What a login page offers of ProConnect: its button's link, and why the last try was refused (French). */
export interface ProConnectOffer {
  href: string;
  refusal: string | null;
}

/**
 * ProConnect's button on the login of `from` (docs/decisions/0095), when the platform is registered with it;
 * null otherwise (no button, no message). Its link starts the login, carrying where to go after.
 */
export function proConnectOffer(pageContext: PageContextServer, from: ProConnectFor): ProConnectOffer | null {
  if (!pageContext.deps.identityProvider) return null;
  const search = pageContext.urlParsed.search;
  const query = new URLSearchParams({ pour: from });
  const next = sameSitePath(search.next);
  if (next) query.set('next', next);
  return {
    href: `${PROCONNECT_ROUTES.start}?${query}`,
    refusal: proConnectRefusalMessage(search[PROCONNECT_REFUSAL_PARAM]),
  };
}
