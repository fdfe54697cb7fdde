import type { PageContextServer } from 'vike/types';
import { transportAnswerSchema } from '../../../common/transport.ts';
import { ANSWER_INTENT, ANSWERS } from '../../../islands/transport/TransportRequests.tsx';
import { parseInput } from '../../../server/kernel/validation.ts';
import { answerTransportRequest, transportRequestsForOperators } from '../../../server/transport/index.ts';
import { adminPost } from '../admin-post.ts';
import { choiceOf, idOf, NOTICE_ID, pageOf } from '../page-input.ts';

/**
 * The transport requests of the operator's area. « Accepter » and « Refuser » are plain posts first
 * (issue 36): posted alone they come back as the card's step asking the message, then the API's
 * `answerTransportRequest` with its schema, and the page says it was sent (`?reponse=`), as the toast does.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const plain = await adminPost(pageContext, {
    [ANSWER_INTENT]: {
      asks: () => true,
      async run(post) {
        const input = parseInput(transportAnswerSchema, post.fields);
        // An id that is no request's is a 404, as another region's.
        await answerTransportRequest(viewer, { ...input, id: idOf(post.fields.id) ?? 0 }, deps);
        return `${urlParsed.pathname}?reponse=${input.status}#${NOTICE_ID}`;
      },
    },
  });
  const answered = choiceOf(urlParsed.search.reponse, ['accepted', 'refused'] as const);
  const requests = await pageOf(() => transportRequestsForOperators(viewer, deps));
  return { ...requests, plain, notice: answered ? ANSWERS[answered].done : null };
}

export type Data = Awaited<ReturnType<typeof data>>;
