import type { PageContextServer } from 'vike/types';
import { contactAnswerSchema, contactUpdateSchema } from '../../../../common/contact.ts';
import { CONTACT_INTENTS } from '../../../../islands/contact/ContactMessageActions.tsx';
import { contactMessagePage, updateContactMessage } from '../../../../server/admin/index.ts';
import { parseInput } from '../../../../server/kernel/validation.ts';
import { adminPost } from '../../admin-post.ts';
import { choiceOf, idOf, pageOf } from '../../page-input.ts';

/** What the page says after an action, from `?fait=` (the page is read again from the server). */
const CONTACT_DONE = ['statut', 'reponse'] as const;

/**
 * A message of the operator's region (404 for another's), and what the operators did to it. Its status and
 * its answer are plain posts first (issue 36): the API's `updateContactMessage` with its schema (an answer
 * is written first, as the island asks), then the page saying what was done.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps, routeParams, urlParsed } = pageContext;
  const id = idOf(routeParams.id) ?? 0;
  const doneAt = (done: (typeof CONTACT_DONE)[number]) => `${urlParsed.pathname}?fait=${done}`;
  const plain = await adminPost(pageContext, {
    [CONTACT_INTENTS.status]: {
      async run(post) {
        const { status } = parseInput(contactUpdateSchema, { status: post.fields.status });
        await updateContactMessage(viewer, { id, status }, deps);
        return doneAt('statut');
      },
    },
    [CONTACT_INTENTS.answer]: {
      async run(post) {
        const { answer } = parseInput(contactAnswerSchema, post.fields);
        await updateContactMessage(viewer, { id, answer }, deps);
        return doneAt('reponse');
      },
    },
  });
  return pageOf(async () => {
    const { message, history } = await contactMessagePage(viewer, { id }, deps);
    return {
      done: choiceOf(urlParsed.search.fait, CONTACT_DONE),
      message: {
        id: message.id,
        subject: message.subject,
        body: message.body,
        name: message.name,
        email: message.email,
        role: message.senderRole,
        organisation: message.organisation,
        departmentCode: message.departmentCode,
        fromUserId: message.fromUserId,
        status: message.status,
        answer: message.answer,
        answeredAt: message.answeredAt,
        createdAt: message.createdAt,
      },
      history,
      plain,
    };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
