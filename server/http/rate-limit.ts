import { AppError } from '../errors.ts';

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
  contactCompany: { limit: 5, windowMs: 60 * 60_000 },
  /** Every check of a logged-in user's password (change of password or e-mail, account deletion). */
  passwordCheck: { limit: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimit>;

/**
 * Fixed-window counters in memory, per process (per isolate on Workers): enough to stop guessing
 * passwords from one place; a shared store can replace it behind the same interface.
 */
export interface RateLimiter {
  /** Counts an attempt for each key; throws `rate_limited` with `retryAfter` (s) when one is over its limit. */
  consume(keys: string[], rule: RateLimit, now: Date): void;
}

export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  function prune(now: number) {
    if (windows.size < 10_000) return;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }
  return {
    consume(keys, rule, at) {
      const now = at.getTime();
      prune(now);
      let retryAfterMs = 0;
      for (const key of keys) {
        const current = windows.get(key);
        const window =
          current && current.resetAt > now ? current : { count: 0, resetAt: now + rule.windowMs };
        window.count += 1;
        windows.set(key, window);
        if (window.count > rule.limit) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
      }
      if (retryAfterMs > 0) {
        throw new AppError('rate_limited', { extensions: { retryAfter: Math.ceil(retryAfterMs / 1000) } });
      }
    },
  };
}

/** RATE_LIMIT=off: load tests and benchmarks only (the start-up log says so). */
export const noRateLimit: RateLimiter = { consume() {} };
