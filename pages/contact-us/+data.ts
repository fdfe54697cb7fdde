import type { PageContextServer } from 'vike/types';
import { contactSender } from '../../server/contact/index.ts';

/** The sender's details, read from their account: the form shows them and the message carries them. */
export async function data(pageContext: PageContextServer) {
  const sender = await contactSender(pageContext.viewer, pageContext.deps);
  return {
    sender: {
      name: sender.name,
      email: sender.email,
      role: sender.role,
      organisation: sender.organisation,
      kind: sender.kind,
    },
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
