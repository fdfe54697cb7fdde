import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import {
  acceptWaitlistOfferPostSchema,
  joinWaitlistPostSchema,
  leaveWaitlistPostSchema,
  WAITLIST_SECTION_ID,
} from '../../common/waitlist.ts';
import {
  type PlainWaitlist,
  WAITLIST_ACCEPT_INTENT,
  WAITLIST_BOOKED,
  WAITLIST_DECLINE_INTENT,
  WAITLIST_DONE,
  WAITLIST_JOIN_INTENT,
  WAITLIST_LEAVE_INTENT,
  WAITLIST_OPEN,
} from '../../islands/meetings/Waitlist.tsx';
import { AppError, invalidInput } from '../../server/kernel/errors.ts';
import { acceptWaitlistOffer, joinWaitlist, leaveWaitlist } from '../../server/waitlist/index.ts';
import { formPostOf, idOf, refusalOf, validFormOf } from './form-post.ts';
import { offerBookedOf } from './waitlist-data.ts';

/**
 * Where the page says what was done (`?liste=`, or `?reservee=<meeting>`): on the company page at the slot
 * it was done on, on the teacher's meetings at their waitlist section.
 */
function doneUrl(
  pageUrl: string,
  done: [name: string, value: string | number],
  slotId: number | null,
): string {
  const where = slotId ? `&creneau=${slotId}#creneau-${slotId}` : `#${WAITLIST_SECTION_ID}`;
  return `${pageUrl}${pageUrl.includes('?') ? '&' : '?'}${done[0]}=${done[1]}${where}`;
}

const DONE_VALUES: readonly string[] = Object.values(WAITLIST_DONE);

/**
 * The waitlist without JavaScript (issues 22 and 36), on the page at `pageUrl` (the company page, or the
 * teacher's meetings): « Rejoindre la liste d’attente » asks the page for the slot's form (`?attente=<slot>`),
 * its post is the same use case as `joinWaitlist`; « Quitter la liste d’attente » and an offer's « Refuser »
 * post to the page, as `leaveWaitlist`; an offer's « Accepter » is `acceptWaitlistOffer`, the charter's box
 * as the form sends it. Each comes back to the page saying what was done (`?liste=`, or the booking the
 * offer became: `?reservee=`), post/redirect/get; a refused join keeps the values under their messages, a
 * refused accept says why on its offer (or, the offer gone, where it was).
 */
export async function plainWaitlist(pageContext: PageContextServer, pageUrl: string): Promise<PlainWaitlist> {
  const { viewer, deps } = pageContext;
  const search = pageContext.urlParsed.search;
  const post = await formPostOf(pageContext);
  const nothing: PlainWaitlist = { slotId: null, done: null, doneSlotId: null, posted: null };
  if (post?.intent === WAITLIST_LEAVE_INTENT || post?.intent === WAITLIST_DECLINE_INTENT) {
    const slotId = idOf(post.fields.slotId);
    const refusal = await refusalOf(post, async () => {
      const { entryId } = await validFormOf(pageContext, leaveWaitlistPostSchema);
      await leaveWaitlist(viewer, { id: entryId }, deps);
    });
    const done = post.intent === WAITLIST_DECLINE_INTENT ? WAITLIST_DONE.declined : WAITLIST_DONE.left;
    if (!refusal) throw redirect(doneUrl(pageUrl, ['liste', done], slotId));
    return { ...nothing, posted: { values: {}, errors: {}, alert: refusal.alert } };
  }
  if (post?.intent === WAITLIST_ACCEPT_INTENT) {
    const slotId = idOf(post.fields.slotId);
    let meetingId = 0;
    const refusal = await refusalOf(post, async () => {
      const { entryId, acceptCharter } = await validFormOf(pageContext, acceptWaitlistOfferPostSchema);
      try {
        meetingId = (await acceptWaitlistOffer(viewer, { id: entryId, acceptCharter }, deps)).id;
      } catch (error) {
        // The charter is a box to tick: its refusal goes under it, as the island says it.
        if (error instanceof AppError && error.code === 'charter_not_accepted') {
          throw invalidInput({ acceptCharter: error.message });
        }
        throw error;
      }
    });
    if (!refusal) throw redirect(doneUrl(pageUrl, [WAITLIST_BOOKED, meetingId], slotId));
    const entryId = idOf(post.fields.entryId);
    return {
      ...nothing,
      offer: entryId ? { entryId, slotId, errors: refusal.errors, alert: refusal.alert } : null,
    };
  }
  if (post?.intent !== WAITLIST_JOIN_INTENT) {
    const done = DONE_VALUES.includes(search.liste ?? '') ? (search.liste as PlainWaitlist['done']) : null;
    return {
      slotId: idOf(search[WAITLIST_OPEN]),
      done,
      doneSlotId: idOf(search.creneau),
      posted: null,
      booked: await offerBookedOf(pageContext, idOf(search[WAITLIST_BOOKED])),
    };
  }
  let slotId = idOf(post.fields.slotId);
  const refusal = await refusalOf(post, async () => {
    const input = await validFormOf(pageContext, joinWaitlistPostSchema);
    slotId = input.slotId;
    await joinWaitlist(viewer, input, deps);
  });
  if (!refusal) throw redirect(doneUrl(pageUrl, ['liste', WAITLIST_DONE.joined], slotId));
  return {
    ...nothing,
    slotId,
    posted: { values: refusal.values, errors: refusal.errors, alert: refusal.alert },
  };
}
