import type { MailMessage, MailTransport } from '../../kernel/ports/mail.ts';

export interface MailApiOptions {
  /** The API's base, without the trailing slash: `https://api.brevo.com/v3` (MAIL_API_URL). */
  baseUrl: string;
  apiKey: string;
  /** The sender, e.g. `Passerelle Industrie <contact@passerelle-industrie.fr>` (MAIL_FROM). */
  from: string;
  /** A send that has not answered by then counts as failed and is tried again later. */
  timeoutMs?: number;
}

/** `Name <address>` or a bare address, as MAIL_FROM is written, in the API's `{ name, email }`. */
export function senderOf(from: string): { name?: string; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*$/.exec(from);
  if (!match) return { email: from.trim() };
  const name = match[1]?.trim();
  return name ? { name, email: (match[2] as string).trim() } : { email: (match[2] as string).trim() };
}

/**
 * The API's idempotency key must be a UUID: the same for every attempt at one e-mail, so it is made from
 * the Message-ID (itself made of the outbox row), not drawn at random. SHA-256 laid out as a version-8
 * (custom) UUID.
 */
export async function idempotencyKeyOf(messageId: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(messageId)));
  const bytes = digest.slice(0, 16);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function base64OfText(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Sends through a transactional e-mail API over HTTPS, the transport a Worker can use (no TCP sockets
 * for SMTP there), selectable on Node too (MAIL_TRANSPORT=brevo). The request is Brevo's
 * `POST {baseUrl}/smtp/email` (docs/decisions/0026): header `api-key`, JSON with `sender`, `to`, `subject`,
 * `htmlContent`, `textContent`, `attachment` (base64) and `headers`, where the row's Message-ID travels
 * beside an idempotency key derived from it, so a retry after a lost answer is not sent twice.
 * Any answer but 2xx throws: the outbox tries again later.
 */
export function mailApiTransport(options: MailApiOptions): MailTransport {
  const base = options.baseUrl.replace(/\/+$/, '');
  const url = `${base}/smtp/email`;
  const sender = senderOf(options.from);
  return {
    async send(message: MailMessage) {
      const body = {
        sender,
        to: [{ email: message.to }],
        subject: message.subject,
        htmlContent: message.html,
        textContent: message.text,
        ...(message.attachments?.length
          ? {
              attachment: message.attachments.map((attachment) => ({
                name: attachment.filename,
                content: base64OfText(attachment.content),
              })),
            }
          : {}),
        headers: {
          ...message.headers,
          'Message-Id': message.messageId,
          idempotencyKey: await idempotencyKeyOf(message.messageId),
        },
      };
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'api-key': options.apiKey,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      const text = await response.text();
      let detail = text.slice(0, 300);
      try {
        const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
        if (typeof parsed.message === 'string')
          detail = `${String(parsed.code ?? '')} ${parsed.message}`.trim();
      } catch {
        // Not Brevo's `{ code, message }` (a proxy's error page): its first characters say enough.
      }
      throw new Error(`mail API answered ${response.status}: ${detail}`);
    },
    async check() {
      // The account behind the key: answered only when the API is up and the key is good.
      const response = await fetch(`${base}/account`, {
        headers: { 'api-key': options.apiKey, accept: 'application/json' },
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
      await response.body?.cancel();
      if (!response.ok) throw new Error(`mail API answered ${response.status} for its account`);
    },
  };
}
