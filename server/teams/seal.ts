import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';

/**
 * A join request's password, kept until the company's admins answer (docs/decisions/0049): an outside
 * recruitment site creates the account at acceptance and needs it then. AES-GCM under a key derived from
 * the platform's secret; the seal is wiped once the request is answered. Web Crypto: Node and Workers alike.
 */
async function keyOf(secret: string): Promise<CryptoKey> {
  const material = new TextEncoder().encode(`passerelle-join-request:${secret}`);
  const digest = await crypto.subtle.digest('SHA-256', material);
  return crypto.subtle.importKey('raw', digest, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

export async function sealText(secret: string, text: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await keyOf(secret),
    new TextEncoder().encode(text),
  );
  return `${encodeBase64urlNoPadding(iv)}.${encodeBase64urlNoPadding(new Uint8Array(sealed))}`;
}

/** Null when the seal was not made with this secret (or was tampered with). */
export async function unsealText(secret: string, sealed: string): Promise<string | null> {
  const [iv, body] = sealed.split('.');
  if (!iv || !body) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: new Uint8Array(decodeBase64urlIgnorePadding(iv)) },
      await keyOf(secret),
      new Uint8Array(decodeBase64urlIgnorePadding(body)),
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
