import { redirect, render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { feedbackInputSchema } from '../../../common/feedback.ts';
import { ROUTES } from '../../../common/routes.ts';
import { feedbackPageFor, submitFeedback } from '../../../server/feedback/index.ts';
import { formPostOf, refusalOf, validFormOf } from '../../layout/form-post.ts';

/**
 * The questionnaire of meeting `{id}`, for its teacher: the form, the answers already given, or why there
 * is none yet. Anyone else's meeting, or none, is a 404 that says nothing of it. The answers posted as a
 * plain HTML form (issue 22) are recorded by the same use case as `submitFeedback`, then the page thanks
 * the teacher (`?envoye=1`, post/redirect/get); a refusal keeps every answer.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const meetingId = Number(pageContext.routeParams.id);
  const page =
    Number.isSafeInteger(meetingId) && meetingId > 0 ? await feedbackPageFor(viewer, meetingId, deps) : null;
  if (!page) throw render(404);
  const post = await formPostOf(pageContext);
  const refusal =
    post &&
    (await refusalOf(post, async () => {
      const input = await validFormOf(pageContext, feedbackInputSchema);
      await submitFeedback(viewer, { ...input, meetingId }, deps);
    }));
  if (post && !refusal) throw redirect(`${ROUTES.feedback(meetingId)}?envoye=1`);
  return {
    ...page,
    thanked: !post && page.state === 'given' && pageContext.urlParsed.search.envoye === '1',
    posted: refusal && { values: refusal.values, errors: refusal.errors, alert: refusal.alert },
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
