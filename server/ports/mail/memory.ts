import type { MailMessage, MailTransport } from '../../kernel/ports/mail.ts';

/** Keeps every message it is given, Message-ID included: the transport without SMTP_URL (see /dev/mails) and in tests. */
export function memoryTransport(): MailTransport & { messages: MailMessage[] } {
  const messages: MailMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
    async check() {},
  };
}
