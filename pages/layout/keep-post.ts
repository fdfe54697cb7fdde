import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { MESSAGES } from '../../common/messages.ts';
import { KEEP_INTENT, KEPT_PARAM, type PlainKeep } from '../../islands/meetings/CancelMeeting.tsx';
import { idInput } from '../../server/kernel/validation.ts';
import { keepMeeting } from '../../server/meetings/index.ts';
import { formPostOf, idOf, refusalOf, validFormOf } from './form-post.ts';

/**
 * « Je garde ma place » posted without JavaScript (issue 36), on the meeting page or a list whose card shows
 * the postponed meeting: the same use case as the API's `keepMeeting`, then the same page saying the seat is
 * kept (`?gardee=<meeting>`, post/redirect/get, `fragment` added), or the refusal on the meeting's card.
 * Run before the page reads its meetings, so that it shows what the post changed.
 */
export async function plainKeep(pageContext: PageContextServer, fragment = ''): Promise<PlainKeep | null> {
  const post = await formPostOf(pageContext);
  const search = pageContext.urlParsed.search;
  if (post?.intent !== KEEP_INTENT) {
    const kept = idOf(search[KEPT_PARAM]);
    return kept ? { meetingId: kept, alert: null } : null;
  }
  const meetingId = idOf(post.fields.id);
  const refusal = await refusalOf(post, async () => {
    await keepMeeting(pageContext.viewer, await validFormOf(pageContext, idInput), pageContext.deps);
  });
  if (refusal) return meetingId ? { meetingId, alert: refusal.alert ?? MESSAGES.genericError } : null;
  const query = new URLSearchParams({ ...search, [KEPT_PARAM]: String(meetingId) });
  throw redirect(`${pageContext.urlParsed.pathname}?${query}${fragment}`);
}
