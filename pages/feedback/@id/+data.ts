import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { feedbackPageFor } from '../../../server/feedback/index.ts';

/**
 * The questionnaire of meeting `{id}`, for its teacher: the form, the answers already given, or why there
 * is none yet. Anyone else's meeting, or none, is a 404 that says nothing of it.
 */
export async function data(pageContext: PageContextServer) {
  const meetingId = Number(pageContext.routeParams.id);
  const page =
    Number.isSafeInteger(meetingId) && meetingId > 0
      ? await feedbackPageFor(pageContext.viewer, meetingId, pageContext.deps)
      : null;
  if (!page) throw render(404);
  return page;
}

export type Data = Awaited<ReturnType<typeof data>>;
