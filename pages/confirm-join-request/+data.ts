import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { ROUTES } from '../../common/routes.ts';
import { confirmJoinRequest, joinRequestLinkOf } from '../../server/teams/index.ts';
import { formPostOf, refusalOf } from '../layout/form-post.ts';

/**
 * A join request's e-mailed link (issue 37, docs/decisions/0099): the page shows the request, and its one
 * button posts to it (a link opened by a mail scanner confirms nothing); confirmed, the same link says what
 * happens next. Plain HTML, no script.
 */
export async function data(pageContext: PageContextServer) {
  const { deps } = pageContext;
  const post = await formPostOf(pageContext);
  const token = post?.fields.token ?? pageContext.urlParsed.search.token ?? '';
  let alert: string | null = null;
  if (post) {
    const refusal = await refusalOf(post, () => confirmJoinRequest({ token }, deps));
    if (!refusal) throw redirect(`${ROUTES.confirmJoinRequest}?token=${encodeURIComponent(token)}`);
    alert = refusal.alert;
  }
  const found = token ? await joinRequestLinkOf(token, deps) : null;
  return { token, link: found?.link ?? null, alert };
}

export type Data = Awaited<ReturnType<typeof data>>;
