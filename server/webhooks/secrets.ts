import { encodeBase32LowerCaseNoPadding, encodeBase64 } from '@oslojs/encoding';
import { sealText, unsealText } from '../kernel/seal.ts';

/**
 * A new endpoint's signing secret in the Standard Webhooks format: `whsec_` and 32 random bytes in base64,
 * which the `standardwebhooks` package reads on both sides.
 */
export function newSigningSecret(): string {
  return `whsec_${encodeBase64(crypto.getRandomValues(new Uint8Array(32)))}`;
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
