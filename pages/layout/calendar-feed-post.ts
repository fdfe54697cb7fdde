import type { PageContextServer } from 'vike/types';
import { CALENDAR_FEED_INTENT, type PlainCalendarFeed } from '../../islands/meetings/CalendarFeed.tsx';
import { createCalendarFeed, revokeCalendarFeed } from '../../server/accounts/index.ts';
import { formPostOf, refusalOf } from './form-post.ts';

/**
 * The calendar feed's « Créer mon lien d’abonnement » and « Révoquer le lien » posted without JavaScript
 * (issue 36), on the meetings pages: the API's `createCalendarFeed` or `revokeCalendarFeed`. The page answers
 * the post itself, without a redirect: the URL made is shown once, and only its hash is kept.
 */
export async function plainCalendarFeed(pageContext: PageContextServer): Promise<PlainCalendarFeed | null> {
  const post = await formPostOf(pageContext);
  if (post?.intent !== CALENDAR_FEED_INTENT) return null;
  const { viewer, deps } = pageContext;
  const revoke = post.fields.action === 'revoke';
  let url: string | null = null;
  const refusal = await refusalOf(post, async () => {
    if (revoke) await revokeCalendarFeed(viewer, deps);
    else url = await createCalendarFeed(viewer, deps);
  });
  return { url, revoked: revoke && !refusal, alert: refusal?.alert ?? null };
}
