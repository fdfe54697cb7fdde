import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { cancelMeetingSchema } from '../../common/slots.ts';
import {
  CANCEL_ANCHOR,
  CANCEL_DONE,
  CANCEL_INTENT,
  CANCEL_OPEN,
  type PlainCancel,
} from '../../islands/meetings/CancelMeeting.tsx';
import { cancelMeeting } from '../../server/meetings/index.ts';
import { formPostOf, refusalOf, validFormOf } from './form-post.ts';

/**
 * « Annuler le rendez-vous » without JavaScript (issue 22), on both sides' meeting page: the button asks the
 * page for the form (`?annuler=1`), shown in the status block since the dialog needs a script; its post is
 * the same use case as `cancelMeeting` with its schema, then the page says the meeting is cancelled
 * (`?annulation=faite`, post/redirect/get); a refusal keeps the reason typed. Run before the page reads the
 * meeting, so that the page shows what the post changed.
 */
export async function plainCancel(pageContext: PageContextServer, meetingId: number): Promise<PlainCancel> {
  const { viewer, deps } = pageContext;
  const search = pageContext.urlParsed.search;
  const pageUrl = `${pageContext.urlParsed.pathname}?id=${meetingId}`;
  const post = await formPostOf(pageContext);
  if (post?.intent !== CANCEL_INTENT) {
    return {
      pageUrl,
      open: search[CANCEL_OPEN] === '1',
      done: search.annulation === CANCEL_DONE,
      posted: null,
    };
  }
  const refusal = await refusalOf(post, async () => {
    const { reason } = await validFormOf(pageContext, cancelMeetingSchema);
    await cancelMeeting(viewer, { id: meetingId, reason }, deps);
  });
  if (!refusal) throw redirect(`${pageUrl}&annulation=${CANCEL_DONE}#${CANCEL_ANCHOR}`);
  return {
    pageUrl,
    open: true,
    done: false,
    posted: { reason: refusal.values.reason ?? '', error: refusal.errors.reason, alert: refusal.alert },
  };
}
