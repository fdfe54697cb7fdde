import { hmac } from '@oslojs/crypto/hmac';
import { SHA256 } from '@oslojs/crypto/sha2';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';

/**
 * Links that act without a login (an e-mail's unsubscribe, a reminder's "Je confirme"): the token names
 * one purpose and one subject, optionally an expiry, and is signed with the platform's secret (HMAC-SHA256,
 * docs/decisions/0038). Nothing is stored: a link of one purpose never serves another, a changed byte
 * breaks the signature, and whether a link was already used is for the use case to say from its state.
 */
export type LinkPurpose =
  /** Turns the weekly alert off; never expires (RFC 8058 one-click unsubscribe). */
  | 'unsubscribe-weekly-mail'
  /** A reminder's "Je confirme", for one side of one meeting, until it starts. */
  | 'meeting-confirm'
  /** A reminder's "Je ne peux plus venir", for one side of one meeting, until it starts. */
  | 'meeting-release'
  /** The retention warning's « Garder mon compte » (docs/decisions/0098); never expires, only keeps. */
  | 'keep-account';

export interface SignedLink {
  purpose: LinkPurpose;
  /** What the link is about: a user, or a meeting. */
  subject: number;
  /** Who acts through it, when the subject is not a person (the teacher or a recruiter of a meeting). */
  actor?: number;
  /** Epoch ms after which the link no longer acts. */
  expiresAt?: number;
}

export type LinkCheck =
  | { ok: true; link: SignedLink }
  | { ok: false; reason: 'invalid' | 'expired' | 'wrong-purpose' };

const encoder = new TextEncoder();

function mac(secret: string, body: string): Uint8Array {
  return hmac(SHA256, encoder.encode(`passerelle-link:${secret}`), encoder.encode(body));
}

/** `<payload>.<signature>`, both base64url: short enough for a URL path segment. */
export function signLink(secret: string, link: SignedLink): string {
  const payload: (string | number)[] = [link.purpose, link.subject, link.actor ?? 0, link.expiresAt ?? 0];
  const body = encodeBase64urlNoPadding(encoder.encode(JSON.stringify(payload)));
  return `${body}.${encodeBase64urlNoPadding(mac(secret, body))}`;
}

/** Checks the signature, then the purpose, then the expiry against `now`. */
export function verifyLink(secret: string, token: string, purpose: LinkPurpose, now: Date): LinkCheck {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined || token.length > 512)
    return { ok: false, reason: 'invalid' };
  let given: Uint8Array;
  let payload: unknown;
  try {
    given = decodeBase64urlIgnorePadding(signature);
    if (!constantTimeEqual(given, mac(secret, body))) return { ok: false, reason: 'invalid' };
    payload = JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(body)));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (!Array.isArray(payload) || payload.length !== 4) return { ok: false, reason: 'invalid' };
  const [linkPurpose, subject, actor, expiresAt] = payload as [unknown, unknown, unknown, unknown];
  if (
    typeof linkPurpose !== 'string' ||
    !Number.isSafeInteger(subject) ||
    !Number.isSafeInteger(actor) ||
    !Number.isSafeInteger(expiresAt)
  ) {
    return { ok: false, reason: 'invalid' };
  }
  if (linkPurpose !== purpose) return { ok: false, reason: 'wrong-purpose' };
  const link: SignedLink = { purpose, subject: subject as number };
  if (actor) link.actor = actor as number;
  if (expiresAt) {
    if (now.getTime() >= (expiresAt as number)) return { ok: false, reason: 'expired' };
    link.expiresAt = expiresAt as number;
  }
  return { ok: true, link };
}
