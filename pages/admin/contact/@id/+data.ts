import type { PageContextServer } from 'vike/types';
import { contactMessagePage } from '../../../../server/admin/index.ts';
import { choiceOf, idOf, pageOf } from '../../page-input.ts';

/** What the page says after an action, from `?fait=` (the page is read again from the server). */
const CONTACT_DONE = ['statut', 'reponse'] as const;

/** A message of the operator's region (404 for another's), and what the operators did to it. */
export function data(pageContext: PageContextServer) {
  const { viewer, deps, routeParams, urlParsed } = pageContext;
  return pageOf(async () => {
    const { message, history } = await contactMessagePage(viewer, { id: idOf(routeParams.id) ?? 0 }, deps);
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
    };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
