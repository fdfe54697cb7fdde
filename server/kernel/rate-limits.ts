import { AppError } from './errors.ts';

export interface RateLimit {
  /** How many attempts a key may make per window. */
  limit: number;
  windowMs: number;
}

/** PRODUCT.md, Limits: login 10 tries / 15 min per e-mail and per address; the others are ours. */
export const RATE_LIMITS = {
  login: { limit: 10, windowMs: 15 * 60_000 },
  signUp: { limit: 10, windowMs: 60 * 60_000 },
  passwordReset: { limit: 5, windowMs: 60 * 60_000 },
  addressSuggestions: { limit: 120, windowMs: 60_000 },
  companyIdentity: { limit: 30, windowMs: 60_000 },
  /** The public check of an attestation's code, per address: enough for anyone, too slow to guess codes. */
  attestationLookup: { limit: 30, windowMs: 60_000 },
  contactCompany: { limit: 5, windowMs: 60 * 60_000 },
  /** The contact form to the operators, per account (docs/decisions/0042). */
  contactForm: { limit: 5, windowMs: 60 * 60_000 },
  /** Every check of a logged-in user's password (change of password or e-mail, account deletion). */
  passwordCheck: { limit: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimit>;

/**
 * Fixed-window counters, one window per key: in the process's memory on Node (one process holds them
 * all), in a Durable Object per key on Workers, where each isolate's memory would count apart
 * (server/edge/rate-limit-object.ts, docs/decisions/0025).
 */
export interface RateLimiter {
  /** Counts an attempt for each key; rejects with `rate_limited` and `retryAfter` (s) when one is over its limit. */
  consume(keys: string[], rule: RateLimit, now: Date): Promise<void>;
}

/** One key's window after an attempt was counted in it. */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/** The refusal, when any of the windows just counted is over the rule's limit. */
export function refuseOverLimit(windows: WindowCount[], rule: RateLimit, now: number): void {
  let retryAfterMs = 0;
  for (const window of windows) {
    if (window.count > rule.limit) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
  }
  if (retryAfterMs > 0) {
    throw new AppError('rate_limited', { extensions: { retryAfter: Math.ceil(retryAfterMs / 1000) } });
  }
}
