import { describe, expect, it } from 'vitest';
import type { RateLimiter } from '../kernel/rate-limits.ts';
import { memoryRateLimiter, noRateLimit } from './rate-limit.ts';
import {
  type DurableObjectNamespaceLike,
  durableObjectRateLimiter,
  RateLimitWindow,
} from './rate-limit-object.ts';

const RULE = { limit: 3, windowMs: 60_000 };
const T0 = new Date('2026-03-10T09:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);

/**
 * RateLimitWindow objects as workerd keeps them, one per name, over a storage in memory with the calls a
 * SQLite-backed object has; `alarms` holds each object's alarm.
 */
function objectNamespace() {
  const alarms = new Map<string, number | null>();
  const objects = new Map<string, RateLimitWindow>();
  const namespace: DurableObjectNamespaceLike = {
    idFromName: (name) => name,
    get(id) {
      const name = id as string;
      let object = objects.get(name);
      if (!object) {
        const data = new Map<string, unknown>();
        object = new RateLimitWindow({
          storage: {
            get: async <T>(key: string) => data.get(key) as T | undefined,
            put: async (key, value) => void data.set(key, structuredClone(value)),
            deleteAll: async () => data.clear(),
            setAlarm: async (time) => void alarms.set(name, time),
            deleteAlarm: async () => void alarms.set(name, null),
          },
        });
        objects.set(name, object);
      }
      const target = object;
      return { fetch: (input, init) => target.fetch(new Request(input, init)) };
    },
  };
  return { namespace, alarms };
}

describe.each([
  ['in memory (Node)', () => memoryRateLimiter()],
  ['in Durable Objects (Workers)', () => durableObjectRateLimiter(objectNamespace().namespace)],
] as [string, () => RateLimiter][])('the rate limiter %s', (_name, make) => {
  it('adds without refusing, and tells each key’s window', async () => {
    const limiter = make();
    for (let i = 1; i <= 5; i++) {
      expect(await limiter.add(['a'], RULE, at(i * 1000))).toEqual([
        { count: i, resetAt: T0.getTime() + 61_000 },
      ]);
    }
    expect(await limiter.add(['a', 'b'], RULE, at(6000), 2)).toEqual([
      { count: 7, resetAt: T0.getTime() + 61_000 },
      { count: 2, resetAt: T0.getTime() + 66_000 },
    ]);
  });

  it('peeks without counting: a key with no open window reads 0', async () => {
    const limiter = make();
    expect(await limiter.peek(['a'], T0)).toEqual([{ count: 0, resetAt: T0.getTime() }]);
    await limiter.add(['a'], RULE, T0);
    for (let i = 0; i < 5; i++) expect((await limiter.peek(['a'], at(10)))[0]?.count).toBe(1);
    // Peeking is no attempt: consume still allows the rule's 3 in all.
    await limiter.consume(['a'], RULE, at(20));
    await limiter.consume(['a'], RULE, at(30));
    await expect(limiter.consume(['a'], RULE, at(40))).rejects.toMatchObject({ code: 'rate_limited' });
  });

  it('takes attempts back with a negative add, never below 0, and opens no window to do it', async () => {
    const limiter = make();
    await limiter.add(['a'], RULE, T0, 3);
    expect((await limiter.add(['a'], RULE, at(1), -2))[0]?.count).toBe(1);
    expect((await limiter.add(['a'], RULE, at(2), -5))[0]?.count).toBe(0);
    expect((await limiter.add(['b'], RULE, at(3), -1))[0]?.count).toBe(0);
    // Emptied, a key opens a new window of its own with its next attempt.
    expect(await limiter.add(['a'], RULE, at(30_000))).toEqual([
      { count: 1, resetAt: T0.getTime() + 90_000 },
    ]);
  });

  it('clears a key: its next attempt opens a new window, other keys keep theirs', async () => {
    const limiter = make();
    await limiter.add(['a', 'b'], RULE, T0, 4);
    await limiter.clear(['a']);
    expect(await limiter.peek(['a', 'b'], at(1))).toEqual([
      { count: 0, resetAt: T0.getTime() + 1 },
      { count: 4, resetAt: T0.getTime() + 60_000 },
    ]);
    await limiter.consume(['a'], RULE, at(2));
    expect((await limiter.peek(['a'], at(3)))[0]).toEqual({ count: 1, resetAt: T0.getTime() + 60_002 });
  });

  it('forgets a window once it has ended', async () => {
    const limiter = make();
    await limiter.add(['a'], RULE, T0, 9);
    expect((await limiter.peek(['a'], at(60_000)))[0]?.count).toBe(0);
    expect((await limiter.add(['a'], RULE, at(60_000)))[0]).toEqual({
      count: 1,
      resetAt: T0.getTime() + 120_000,
    });
  });

  it('consumes as before: counts every attempt and refuses past the limit, with when to retry', async () => {
    const limiter = make();
    for (let i = 0; i < 3; i++) await limiter.consume(['a'], RULE, at(i));
    await expect(limiter.consume(['a'], RULE, at(15_000))).rejects.toMatchObject({
      code: 'rate_limited',
      extensions: { retryAfter: 45 },
    });
  });
});

describe('the rate limit’s Durable Object', () => {
  it('sets its alarm when a window opens, drops it when cleared', async () => {
    const { namespace, alarms } = objectNamespace();
    const limiter = durableObjectRateLimiter(namespace);
    await limiter.add(['a'], RULE, T0);
    await limiter.add(['a'], RULE, at(5));
    expect(alarms.get('a')).toBe(T0.getTime() + 60_000);
    await limiter.clear(['a']);
    expect(alarms.get('a')).toBeNull();
  });

  it('counts a request of before (no op) as one attempt', async () => {
    const { namespace } = objectNamespace();
    const stub = namespace.get(namespace.idFromName('a'));
    const body = JSON.stringify({ windowMs: 60_000, now: T0.getTime() });
    await stub.fetch('https://rate-limit.internal/consume', { method: 'POST', body });
    const second = await stub.fetch('https://rate-limit.internal/consume', { method: 'POST', body });
    expect(await second.json()).toEqual({ count: 2, resetAt: T0.getTime() + 60_000 });
  });
});

describe('RATE_LIMIT=off', () => {
  it('counts nothing and refuses nothing', async () => {
    for (let i = 0; i < 20; i++) await noRateLimit.consume(['a'], RULE, T0);
    expect(await noRateLimit.add(['a'], RULE, T0, 50)).toEqual([{ count: 0, resetAt: T0.getTime() }]);
    expect(await noRateLimit.peek(['a'], T0)).toEqual([{ count: 0, resetAt: T0.getTime() }]);
    await expect(noRateLimit.clear(['a'])).resolves.toBeUndefined();
  });
});
