import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';

/**
 * A text only this platform can read back, for one purpose: AES-GCM under a key derived from the platform's
 * secret and the purpose, so that a seal made for one use never opens for another. A join request's password,
 * kept until the company's admins answer (docs/decisions/0049: an outside recruitment site creates the
 * account at acceptance and needs it then); a sign-up's password carried from step to step without
 * JavaScript, and what its result page says (docs/decisions/0087); a webhook endpoint's signing secret, which must
 * sign every delivery and so cannot be hashed (docs/decisions/0097); a ProConnect login's checks between its
 * start and its callback, the ID token kept with its session, and what a sign-up is prefilled with (0095). Web
 * Crypto: Node and Workers alike.
 */
export type SealPurpose =
  | 'join-request'
  | 'sign-up-password'
  | 'sign-up-result'
  | 'webhook-secret'
  | 'proconnect-flow'
  | 'proconnect-id-token'
  | 'proconnect-prefill';

async function keyOf(secret: string, purpose: SealPurpose): Promise<CryptoKey> {
  const material = new TextEncoder().encode(`passerelle-${purpose}:${secret}`);
  const digest = await crypto.subtle.digest('SHA-256', material);
  return crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function sealText(secret: string, purpose: SealPurpose, text: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await keyOf(secret, purpose),
    new TextEncoder().encode(text),
  );
  return `${encodeBase64urlNoPadding(iv)}.${encodeBase64urlNoPadding(new Uint8Array(sealed))}`;
}

/** Null when the seal was not made with this secret for this purpose (or was tampered with). */
export async function unsealText(
  secret: string,
  purpose: SealPurpose,
  sealed: string,
): Promise<string | null> {
  const [iv, body] = sealed.split('.');
  if (!iv || !body) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: new Uint8Array(decodeBase64urlIgnorePadding(iv)) },
      await keyOf(secret, purpose),
      new Uint8Array(decodeBase64urlIgnorePadding(body)),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
