import { AppError } from './errors.ts';

export interface RateLimit {
  /** How many attempts a key may make per window. */
  limit: number;
  windowMs: number;
}

/**
 * PRODUCT.md, Limits. Logins count failures only, and a success from an address takes back that account's
 * failures from it (server/accounts/login-limits.ts, docs/decisions/0050); the others are ours.
 */
export const RATE_LIMITS = {
  /**
   * One account's failed logins, from every address: from the 10th on, the addresses that failed for it are
   * refused until the window ends; an address that has not failed for it still gets in (the owner).
   */
  loginAccount: { limit: 10, windowMs: 15 * 60_000 },
  /**
   * Accounts that failed from one address and were not logged into from it since: a 41st is refused. What
   * hundreds of honest people behind one school or company address leave here is those who mistyped their
   * e-mail or forgot their password, not those who mistyped a password then got in: 40 is one in ten of
   * 400 people logging in in the same quarter-hour; a spray over many accounts stops at 40.
   */
  loginAddressAccounts: { limit: 40, windowMs: 15 * 60_000 },
  /**
   * Failures from one address not taken back by their account's success from it, attempts under way
   * included: a 101st is refused. Bounds the guesses from one address (40 accounts × 10 would be 400),
   * and holds against attempts sent all at once, counted before the password is checked.
   */
  loginAddressFailures: { limit: 100, windowMs: 15 * 60_000 },
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
  /**
   * « Tester ma connexion »'s test rooms, per address (docs/decisions/0102): a school's or a company's
   * people share one address; 20 tests an hour is everyone who tries before a visit, and bounds the rooms
   * one address opens on the video server.
   */
  connectionTest: { limit: 20, windowMs: 60 * 60_000 },
  /** Every request made with one partner key (PRODUCT.md, Partners: 60 a minute; docs/decisions/0096). */
  partnerKey: { limit: 60, windowMs: 60_000 },
} satisfies Record<string, RateLimit>;

/**
 * Fixed-window counters, one window per key: in the process's memory on Node (one process holds them
 * all), in a Durable Object per key on Workers, where each isolate's memory would count apart
 * (server/http/rate-limit-object.ts, docs/decisions/0025). `RATE_LIMIT=off` counts nothing.
 */
export interface RateLimiter {
  /** Counts an attempt for each key; rejects with `rate_limited` and `retryAfter` (s) when one is over its limit. */
  consume(keys: string[], rule: RateLimit, now: Date): Promise<void>;
  /**
   * Adds `by` (1 unless given) to each key's window, opening one of the rule's length where none is open,
   * and refuses nothing: the windows after. A negative `by` takes attempts back, never below 0.
   */
  add(keys: string[], rule: RateLimit, now: Date, by?: number): Promise<WindowCount[]>;
  /** Each key's window as it stands, counting nothing: a count of 0 where none is open. */
  peek(keys: string[], now: Date): Promise<WindowCount[]>;
  /** Forgets each key's window: its next attempt opens a new one. */
  clear(keys: string[]): Promise<void>;
}

/** One key's window: how many attempts it holds, and when it ends (ms since the epoch). */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/** The window a stored one is at `now`: itself while open, else an empty one ending now. */
export function openWindow(stored: WindowCount | undefined, now: number): WindowCount {
  return stored && stored.resetAt > now ? { ...stored } : { count: 0, resetAt: now };
}

/**
 * A key's window once `by` is added, opening one of `windowMs` where none is open (only to count up):
 * what both limiters store, an empty window being stored as none.
 */
export function addToWindow(
  stored: WindowCount | undefined,
  windowMs: number,
  now: number,
  by: number,
): WindowCount {
  const window = openWindow(stored, now);
  if (window.count === 0 && by > 0) window.resetAt = now + windowMs;
  window.count = Math.max(0, window.count + by);
  return window;
}

/** `rate_limited`, with when to try again (`retryAfter`, whole seconds). */
export function rateLimited(retryAfterMs: number): AppError {
  return new AppError('rate_limited', { extensions: { retryAfter: Math.ceil(retryAfterMs / 1000) } });
}

/** The refusal, when any of the windows just counted is over the rule's limit. */
export function refuseOverLimit(windows: WindowCount[], rule: RateLimit, now: number): void {
  let retryAfterMs = 0;
  for (const window of windows) {
    if (window.count > rule.limit) retryAfterMs = Math.max(retryAfterMs, window.resetAt - now);
  }
  if (retryAfterMs > 0) throw rateLimited(retryAfterMs);
}

/** A limiter from its three operations: `consume` adds one to each key, then refuses what is over. */
export function limiterOf(operations: Omit<RateLimiter, 'consume'>): RateLimiter {
  return {
    ...operations,
    async consume(keys, rule, now) {
      refuseOverLimit(await operations.add(keys, rule, now, 1), rule, now.getTime());
    },
  };
}
