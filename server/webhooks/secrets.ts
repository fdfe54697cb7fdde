import { decodeBase64, encodeBase32LowerCaseNoPadding, encodeBase64 } from '@oslojs/encoding';
import { sealText, unsealText } from '../kernel/seal.ts';

/**
 * A new endpoint's signing secret in the Standard Webhooks format: `whsec_` and 32 random bytes in base64,
 * as the `standardwebhooks` package reads it on the partner's side.
 */
export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${encodeBase64(crypto.getRandomValues(new Uint8Array(32)))}`;
}

const SECRET_PREFIX = 'whsec_';

/**
 * A delivery's `webhook-signature`, as the Standard Webhooks specification says: `v1,` and the base64 of the
 * HMAC-SHA256, keyed with the secret's bytes, of `<webhook-id>.<webhook-timestamp>.<body>`. Web Crypto's, not
 * the `standardwebhooks` package's (a weight the Worker need not carry: decision 0100); the tests verify it with
 * that package.
 */
export async function signDelivery(
  secret: string,
  id: string,
  timestamp: number,
  body: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new Uint8Array(
      decodeBase64(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret),
    ),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signed = await crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(`${id}.${timestamp}.${body}`),
  );
  return `v1,${encodeBase64(new Uint8Array(signed))}`;
}

/** The secret as the database keeps it: sealed under the platform's secret, for this purpose only. */
export function sealSigningSecret(platformSecret: string, secret: string): Promise<string> {
  return sealText(platformSecret, 'webhook-secret', secret);
}

/** Null when the platform's secret changed since (the endpoint must then be made again). */
export function unsealSigningSecret(platformSecret: string, sealed: string): Promise<string | null> {
  return unsealText(platformSecret, 'webhook-secret', sealed);
}

/** Counts the ids made in this process, so that the ids of one instant still sort as they were made. */
let made = 0;

/**
 * A delivery's id, its `webhook-id`: `msg_`, the instant in milliseconds and a counter (so that ids sort as
 * they were made: the deliveries of events handled together keep their order), and ten random bytes.
 */
export function newDeliveryId(now: Date): string {
  const time = now.getTime().toString(36).padStart(9, '0');
  const count = (made++ % 36 ** 4).toString(36).padStart(4, '0');
  return `msg_${time}${count}${encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(10)))}`;
}
