import type { RateLimiter, WindowCount } from '../kernel/rate-limits.ts';
import { addToWindow, limiterOf, openWindow } from '../kernel/rate-limits.ts';

/** What a Durable Object is given by workerd: its storage (SQLite-backed, kept across evictions). */
interface DurableObjectStateLike {
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put<T>(key: string, value: T): Promise<void>;
    deleteAll(): Promise<void>;
    setAlarm(scheduledTime: number): Promise<void>;
    deleteAlarm(): Promise<void>;
  };
}

/** The binding of the RateLimitWindow class (wrangler.toml `[[durable_objects.bindings]]`). */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(input: string, init?: RequestInit): Promise<Response> };
}

const WINDOW = 'window';

/**
 * What the limiter asks of one key's object: `add` (`by`, 1 unless given, may be negative; the window
 * opened is `windowMs` long), `peek` (counts nothing), `clear`. A body without `op` is an `add` of 1, as
 * every request was before the login's limits (docs/decisions/0050).
 */
interface WindowRequest {
  op?: 'add' | 'peek' | 'clear';
  windowMs?: number;
  now: number;
  by?: number;
}

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
    const { op = 'add', windowMs = 0, now, by = 1 } = (await request.json()) as WindowRequest;
    const { storage } = this.state;
    if (op === 'clear') {
      await storage.deleteAll();
      await storage.deleteAlarm();
      return Response.json(openWindow(undefined, now));
    }
    const stored = await storage.get<WindowCount>(WINDOW);
    if (op === 'peek') return Response.json(openWindow(stored, now));
    const window = addToWindow(stored, windowMs, now, by);
    if (window.count === 0) {
      if (stored) await storage.deleteAll();
    } else {
      await storage.put(WINDOW, window);
      // A window just opened: the alarm that forgets it (replacing the last one's).
      if (openWindow(stored, now).count === 0) await storage.setAlarm(window.resetAt);
    }
    return Response.json(window);
  }

  async alarm(): Promise<void> {
    await this.state.storage.deleteAll();
  }
}

/** The rate limiter on Workers: each key's window in its own RateLimitWindow, all keys asked at once. */
export function durableObjectRateLimiter(namespace: DurableObjectNamespaceLike): RateLimiter {
  async function ask(keys: string[], request: WindowRequest): Promise<WindowCount[]> {
    const body = JSON.stringify(request);
    return Promise.all(
      keys.map(async (key) => {
        const stub = namespace.get(namespace.idFromName(key));
        const response = await stub.fetch(`https://rate-limit.internal/${request.op}`, {
          method: 'POST',
          body,
        });
        if (!response.ok) throw new Error(`rate-limit object answered ${response.status}`);
        return (await response.json()) as WindowCount;
      }),
    );
  }
  return limiterOf({
    add: (keys, rule, at, by = 1) => ask(keys, { op: 'add', windowMs: rule.windowMs, now: at.getTime(), by }),
    peek: (keys, at) => ask(keys, { op: 'peek', now: at.getTime() }),
    clear: async (keys) => {
      await ask(keys, { op: 'clear', now: 0 });
    },
  });
}
