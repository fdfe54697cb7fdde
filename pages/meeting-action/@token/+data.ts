import type { PageContextServer } from 'vike/types';
import { meetingLinkPage } from '../../../server/meetings/index.ts';

/**
 * A reminder's « Je confirme » or « Je ne peux plus venir » (docs/decisions/0040): what the link will do,
 * or why it no longer acts. Reading it changes nothing: the page's button does.
 */
export async function data(pageContext: PageContextServer) {
  const token = pageContext.routeParams.token ?? '';
  return { token, page: await meetingLinkPage(token, pageContext.deps) };
}

export type Data = Awaited<ReturnType<typeof data>>;
