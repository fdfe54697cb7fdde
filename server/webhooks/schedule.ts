const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * A delivery's tries (PRODUCT.md, Partners; docs/decisions/0097): at once, then after 1, 5 and 30 minutes,
 * 2, 6 and 12 hours, and a last time when its 24 hours end; then it fails and its endpoint is paused.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  1 * MINUTE,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  6 * HOUR,
  12 * HOUR,
];
export const WEBHOOK_RETRY_WINDOW_MS = 24 * HOUR;
/** How long a partner has to answer one POST. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** When a delivery that failed its `attempts`-th try is tried again; null: its 24 hours are over. */
export function nextAttemptAfter(attempts: number, now: Date, retryUntil: Date): Date | null {
  if (now.getTime() >= retryUntil.getTime()) return null;
  const delays = WEBHOOK_RETRY_DELAYS_MS;
  const delay = delays[Math.min(attempts, delays.length) - 1] ?? MINUTE;
  return new Date(Math.min(now.getTime() + delay, retryUntil.getTime()));
}
