import { type OutboxItem, type RetryPolicy, type Sender, SetAside } from '../kernel/events.ts';
import type { MailTransport } from '../kernel/ports/mail.ts';
import { messageIdOf } from './message-id.ts';
import { MAIL_SENDER, MAIL_TOPIC, type OutgoingMail } from './outbox.ts';
import type { MailRenderer } from './registry.ts';
import type { RenderedMail } from './render.ts';

const MINUTE = 60_000;

/**
 * An e-mail's tries: eight, about a day and a half in all (1, 5, 30, 120 then 720 minutes apart), for a mail
 * server that is down for a night.
 */
export const MAIL_RETRIES: RetryPolicy = {
  maxAttempts: 8,
  delaysMs: [1, 5, 30, 120, 720].map((minutes) => minutes * MINUTE),
};

/**
 * The e-mails' sender, the handler of every row of the mail topic (docs/decisions/0013, 0078): renders the
 * row with its template and hands it to the transport. The events' delivery marks it sent as soon as the
 * transport took it, a commit per e-mail: a crash during a delivery sends again at most the e-mail being
 * handed over, with its Message-ID unchanged (made of the row alone), which receivers drop as a copy.
 */
export function mailSender(deps: {
  transport: MailTransport;
  /** The domain of the e-mails' Message-IDs (mailDomain in message-id.ts). */
  mailDomain: string;
  /** Every template's renderer, from the composition root (server/main/mails.ts), which knows the domains. */
  render: MailRenderer;
}): Sender {
  return {
    topic: MAIL_TOPIC,
    name: MAIL_SENDER,
    retries: MAIL_RETRIES,
    async send(item: OutboxItem) {
      const mail = item.payload as unknown as OutgoingMail;
      let rendered: RenderedMail;
      try {
        rendered = deps.render(mail);
      } catch (error) {
        // The payload will not render any better later: retrying would only delay the alarm.
        throw new SetAside(error instanceof Error ? error.message : String(error));
      }
      await deps.transport.send({ messageId: messageIdOf(item, deps.mailDomain), to: mail.to, ...rendered });
    },
    describe: (item) => ({ template: (item.payload as unknown as OutgoingMail).template }),
  };
}
