import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/** A secret to hand out once (reset links); only its hash is stored. */
export function randomToken(bytes = 32): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return encodeBase64urlNoPadding(buffer);
}

export function sha256Hex(text: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(text)));
}
