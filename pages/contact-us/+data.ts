import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { contactMessageSchema } from '../../common/contact.ts';
import { ROUTES } from '../../common/routes.ts';
import { contactSender, sendContactMessage } from '../../server/contact/index.ts';
import { formPostOf, refusalOf, validFormOf } from '../layout/form-post.ts';

/**
 * The sender's details, read from their account: the form shows them and the message carries them. The
 * message posted as a plain HTML form (issue 22) is sent by the same use case as `sendContactMessage`, then
 * the page says it is sent (`?envoye=1`, post/redirect/get); a refusal keeps the subject and the message.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const post = await formPostOf(pageContext);
  const refusal =
    post &&
    (await refusalOf(post, async () => {
      await sendContactMessage(viewer, await validFormOf(pageContext, contactMessageSchema), deps);
    }));
  if (post && !refusal) throw redirect(`${ROUTES.contactUs}?envoye=1`);
  const sender = await contactSender(viewer, deps);
  return {
    sender: {
      name: sender.name,
      email: sender.email,
      role: sender.role,
      organisation: sender.organisation,
      kind: sender.kind,
    },
    sent: !post && pageContext.urlParsed.search.envoye === '1',
    posted: refusal && {
      values: { subject: refusal.values.subject ?? '', message: refusal.values.message ?? '' },
      errors: { subject: refusal.errors.subject, message: refusal.errors.message },
      alert: refusal.alert,
    },
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
