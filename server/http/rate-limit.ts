import {
  addToWindow,
  limiterOf,
  openWindow,
  type RateLimiter,
  type WindowCount,
} from '../kernel/rate-limits.ts';

/** The rate limiter on Node: every key's window in the process's memory (one process holds them all). */
export function memoryRateLimiter(): RateLimiter {
  const windows = new Map<string, WindowCount>();
  function prune(now: number) {
    if (windows.size < 10_000) return;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }
  return limiterOf({
    async add(keys, rule, at, by = 1) {
      const now = at.getTime();
      prune(now);
      return keys.map((key) => {
        const window = addToWindow(windows.get(key), rule.windowMs, now, by);
        if (window.count > 0) windows.set(key, window);
        else windows.delete(key);
        return { ...window };
      });
    },
    async peek(keys, at) {
      return keys.map((key) => openWindow(windows.get(key), at.getTime()));
    },
    async clear(keys) {
      for (const key of keys) windows.delete(key);
    },
  });
}

/** RATE_LIMIT=off: load tests and benchmarks only (the start-up log says so). Counts nothing, refuses nothing. */
export const noRateLimit: RateLimiter = {
  async consume() {},
  async add(keys, _rule, at) {
    return keys.map(() => openWindow(undefined, at.getTime()));
  },
  async peek(keys, at) {
    return keys.map(() => openWindow(undefined, at.getTime()));
  },
  async clear() {},
};
