import { type RateLimiter, refuseOverLimit } from '../kernel/rate-limits.ts';

export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  function prune(now: number) {
    if (windows.size < 10_000) return;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }
  return {
    async consume(keys, rule, at) {
      const now = at.getTime();
      prune(now);
      const counted = keys.map((key) => {
        const current = windows.get(key);
        const window =
          current && current.resetAt > now ? current : { count: 0, resetAt: now + rule.windowMs };
        window.count += 1;
        windows.set(key, window);
        return { ...window };
      });
      refuseOverLimit(counted, rule, now);
    },
  };
}

/** RATE_LIMIT=off: load tests and benchmarks only (the start-up log says so). */
export const noRateLimit: RateLimiter = { async consume() {} };
