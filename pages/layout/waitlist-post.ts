import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { joinWaitlistPostSchema, leaveWaitlistPostSchema } from '../../common/waitlist.ts';
import {
  type PlainWaitlist,
  WAITLIST_DONE,
  WAITLIST_JOIN_INTENT,
  WAITLIST_LEAVE_INTENT,
  WAITLIST_OPEN,
} from '../../islands/meetings/Waitlist.tsx';
import { joinWaitlist, leaveWaitlist } from '../../server/waitlist/index.ts';
import { formPostOf, idOf, refusalOf, validFormOf } from './form-post.ts';

/** Where the page says what was done: `?liste=` and, on the company page, the slot it was done on. */
function doneUrl(pageUrl: string, done: string, slotId: number | null): string {
  const slot = slotId ? `&creneau=${slotId}#creneau-${slotId}` : '';
  return `${pageUrl}${pageUrl.includes('?') ? '&' : '?'}liste=${done}${slot}`;
}

/**
 * The waitlist's join and leave without JavaScript (issue 22), on the page at `pageUrl` (the company page,
 * or the teacher's meetings): « Rejoindre la liste d’attente » asks the page for the slot's form
 * (`?attente=<slot>`), its post is the same use case as `joinWaitlist`; « Quitter la liste d’attente » posts
 * to the page, as `leaveWaitlist`. Either way the page comes back saying what was done (`?liste=`,
 * post/redirect/get); a refused join keeps the values under their messages.
 */
export async function plainWaitlist(pageContext: PageContextServer, pageUrl: string): Promise<PlainWaitlist> {
  const { viewer, deps } = pageContext;
  const search = pageContext.urlParsed.search;
  const post = await formPostOf(pageContext);
  const done =
    search.liste === WAITLIST_DONE.joined || search.liste === WAITLIST_DONE.left ? search.liste : null;
  const doneSlotId = idOf(search.creneau);
  if (post?.intent === WAITLIST_LEAVE_INTENT) {
    const left = idOf(post.fields.slotId);
    const refusal = await refusalOf(post, async () => {
      const { entryId } = await validFormOf(pageContext, leaveWaitlistPostSchema);
      await leaveWaitlist(viewer, { id: entryId }, deps);
    });
    if (!refusal) throw redirect(doneUrl(pageUrl, WAITLIST_DONE.left, left));
    return {
      slotId: null,
      done: null,
      doneSlotId: null,
      posted: { values: {}, errors: {}, alert: refusal.alert },
    };
  }
  if (post?.intent !== WAITLIST_JOIN_INTENT) {
    return { slotId: idOf(search[WAITLIST_OPEN]), done, doneSlotId, posted: null };
  }
  let slotId = idOf(post.fields.slotId);
  const refusal = await refusalOf(post, async () => {
    const input = await validFormOf(pageContext, joinWaitlistPostSchema);
    slotId = input.slotId;
    await joinWaitlist(viewer, input, deps);
  });
  if (!refusal) throw redirect(doneUrl(pageUrl, WAITLIST_DONE.joined, slotId));
  return {
    slotId,
    done: null,
    doneSlotId: null,
    posted: { values: refusal.values, errors: refusal.errors, alert: refusal.alert },
  };
}
