import type { PageContextServer } from 'vike/types';
import { weeklyMailLinkState } from '../../../server/accounts/index.ts';

/**
 * The weekly alert's unsubscribe link (docs/decisions/0039): what it will do, or that it is done. Reading
 * it changes nothing (mail software opens links); the page's button posts to the same address.
 */
export async function data(pageContext: PageContextServer) {
  const token = pageContext.routeParams.token ?? '';
  const state = await weeklyMailLinkState({ token }, pageContext.deps);
  return { token, state };
}

export type Data = Awaited<ReturnType<typeof data>>;
