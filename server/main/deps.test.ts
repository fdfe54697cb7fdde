import { describe, expect, it } from 'vitest';
import { requestScopedDatabase } from '../../db/client.ts';
import { holdTheLoop } from '../../tests/fixtures/loop.ts';
import type { EventBus } from '../kernel/events.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import { createServices, edgeDeps, outboxFor } from './deps.ts';

const cache = {
  match: async () => undefined,
  put: async () => {},
};
const env = {
  DATABASE_URL: 'http://127.0.0.1:1',
  PUBLIC_URL: 'http://localhost:8787',
  JWT_SECRET: 'x'.repeat(32),
};

describe('the dependencies of a Worker request', () => {
  const services = createServices(env, { onWorkers: true });
  const database = requestScopedDatabase(env.DATABASE_URL);

  it('are refused without their own secret for signed links, on localhost too (issue 22)', () => {
    expect(() => createServices({ ...env, JWT_SECRET: '' }, { onWorkers: true })).toThrow(/JWT_SECRET/);
    expect(() => createServices({ ...env, JWT_SECRET: '' }, { onWorkers: false })).toThrow(/JWT_SECRET/);
  });

  it('refuse what is rate-limited when the Durable Object binding is missing, rather than let it through', async () => {
    const deps = edgeDeps(services, {}, cache, database.db);
    await expect(deps.rateLimiter.consume(['login:x'], RATE_LIMITS.loginAccount, new Date())).rejects.toThrow(
      /RATE_LIMITS/,
    );
    const off = edgeDeps(
      createServices({ ...env, RATE_LIMIT: 'off' }, { onWorkers: true }),
      {},
      cache,
      database.db,
    );
    await expect(
      off.rateLimiter.consume(['login:x'], RATE_LIMITS.loginAccount, new Date()),
    ).resolves.toBeUndefined();
  });

  it('keep e-mails in the outbox without a mail API: a Worker has no /dev/mails and no lasting memory', () => {
    expect(createServices(env, { onWorkers: true }).mailTransport).toBeNull();
    expect(createServices(env, { onWorkers: false }).mailTransport).not.toBeNull();
    expect(
      createServices({ ...env, MAIL_TRANSPORT: 'brevo', MAIL_API_KEY: 'k' }, { onWorkers: true })
        .mailTransport,
    ).not.toBeNull();
  });
});

describe("the outbox's delivery", () => {
  it('claims twenty rows at a time while any is due, and lets waiting requests in between claims', async () => {
    const services = createServices(env, { onWorkers: false });
    const batches: (number | undefined)[] = [];
    let claimsWhenLetIn: number | undefined;
    const events: EventBus = {
      ...services.events,
      hasDue: async () => batches.length < 20,
      async deliver(_db, _now, options) {
        if (batches.length === 0) {
          setImmediate(() => {
            claimsWhenLetIn = batches.length;
          });
        }
        batches.push(options?.batch);
        holdTheLoop(2);
        await options?.pause?.();
        return { delivered: options?.batch ?? 0, retried: 0, setAside: 0 };
      },
    };
    const database = requestScopedDatabase(env.DATABASE_URL);
    await outboxFor({ ...services, events }, database.db).wake();
    expect(batches).toHaveLength(20);
    expect(new Set(batches)).toEqual(new Set([20]));
    expect(claimsWhenLetIn).toBeGreaterThan(0);
    expect(claimsWhenLetIn).toBeLessThan(20);
  });
});
