import type { RateLimit, RateLimiter, WindowCount } from '../kernel/rate-limits.ts';
import { refuseOverLimit } from '../kernel/rate-limits.ts';

/** What a Durable Object is given by workerd: its storage (SQLite-backed, kept across evictions). */
interface DurableObjectStateLike {
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put<T>(key: string, value: T): Promise<void>;
    deleteAll(): Promise<void>;
    setAlarm(scheduledTime: number): Promise<void>;
  };
}

/** The binding of the RateLimitWindow class (wrangler.toml `[[durable_objects.bindings]]`). */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(input: string, init?: RequestInit): Promise<Response> };
}

const WINDOW = 'window';

/**
 * One rate-limit key's fixed window, as a Durable Object (one object per key, found by its name): every
 * isolate, in every location, counts in the same object, which one limit per window needs. The window is
 * kept in the object's storage, so an evicted object does not forget it, and an alarm clears it when it
 * ends. Reading and writing the storage with nothing else awaited between them is atomic: the object's
 * input gate holds other requests meanwhile.
 */
export class RateLimitWindow {
  private readonly state: DurableObjectStateLike;

  constructor(state: DurableObjectStateLike) {
    this.state = state;
  }

  async fetch(request: Request): Promise<Response> {
    const { windowMs, now } = (await request.json()) as { windowMs: number; now: number };
    const stored = await this.state.storage.get<WindowCount>(WINDOW);
    const window = stored && stored.resetAt > now ? stored : { count: 0, resetAt: now + windowMs };
    window.count += 1;
    await this.state.storage.put(WINDOW, window);
    if (window.count === 1) await this.state.storage.setAlarm(window.resetAt);
    return Response.json(window);
  }

  async alarm(): Promise<void> {
    await this.state.storage.deleteAll();
  }
}

/** The rate limiter on Workers: each key's attempt counted by its own RateLimitWindow, all at once. */
export function durableObjectRateLimiter(namespace: DurableObjectNamespaceLike): RateLimiter {
  return {
    async consume(keys: string[], rule: RateLimit, at: Date) {
      const now = at.getTime();
      const body = JSON.stringify({ windowMs: rule.windowMs, now });
      const windows = await Promise.all(
        keys.map(async (key) => {
          const stub = namespace.get(namespace.idFromName(key));
          const response = await stub.fetch('https://rate-limit.internal/consume', { method: 'POST', body });
          if (!response.ok) throw new Error(`rate-limit object answered ${response.status}`);
          return (await response.json()) as WindowCount;
        }),
      );
      refuseOverLimit(windows, rule, now);
    },
  };
}
