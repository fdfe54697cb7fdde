import type { Transporter } from 'nodemailer';
import type { MailMessage, MailTransport } from '../../kernel/ports/mail.ts';

export interface SmtpOptions {
  /** `smtp://user:password@host:587`, or `smtps://…` for implicit TLS. */
  url: string;
  /** The sender, e.g. `Passerelle Industrie <contact@passerelle-industrie.fr>`. */
  from: string;
}

/** Sends through an SMTP server with nodemailer. */
export function smtpTransport(options: SmtpOptions): MailTransport {
  let transporter: Promise<Transporter> | undefined;
  // Loaded on first send: nodemailer needs node:net and node:tls, which a Worker never has to load.
  const open = async () => (await import('nodemailer')).createTransport(options.url);
  const opened = () =>
    (transporter ??= open().catch((error: unknown) => {
      transporter = undefined;
      throw error;
    }));
  return {
    async send(message: MailMessage) {
      await (await opened()).sendMail({
        from: options.from,
        messageId: message.messageId,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: message.headers,
        attachments: message.attachments?.map(({ filename, content, contentType }) => ({
          filename,
          content,
          contentType,
        })),
      });
    },
    async check() {
      // Connects, greets and logs in as a send would, and sends nothing.
      await (await opened()).verify();
    },
  };
}
