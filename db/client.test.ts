import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../tests/fixtures/db.ts';
import { type HranaServer, startHranaServer } from '../tests/fixtures/hrana-server.ts';
import { type Db, openDb, requestScopedDatabase, serialiseWrites } from './client.ts';
import { outbox } from './schema.ts';

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(() => t.close());

const row = (n: number) => ({ topic: 'test', payload: { n }, nextAttemptAt: new Date(0) });

it('lets concurrent transactions, batches and writes of one process take turns, none locked out', async () => {
  const started = performance.now();
  const work = Array.from({ length: 12 }, (_, i) => {
    if (i % 3 === 0) {
      return t.db.transaction(async (tx) => {
        await tx.insert(outbox).values(row(i));
        // Yields to the event loop while the transaction is open, as a real use case does.
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.insert(outbox).values(row(i + 100));
      });
    }
    if (i % 3 === 1) {
      return t.db.client.batch(
        [
          {
            sql: "INSERT INTO outbox (topic, payload, next_attempt_at) VALUES ('test', json_object('n', ?), 0)",
            args: [i],
          },
        ],
        'write',
      );
    }
    return t.db.insert(outbox).values(row(i));
  });
  const results = await Promise.allSettled(work);
  expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  const [count] = await t.db.select({ n: sql<number>`count(*)` }).from(outbox);
  expect(count?.n).toBe(16);
  // Without the turns, a write meeting an open transaction sleeps the thread for the busy timeout (5 s).
  expect(performance.now() - started).toBeLessThan(2000);
});

it('gives the turn back when a transaction rolls back', async () => {
  await expect(
    t.db.transaction(async (tx) => {
      await tx.insert(outbox).values(row(1));
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  await t.db.insert(outbox).values(row(2));
  expect(await t.db.select({ n: outbox.payload }).from(outbox).where(eq(outbox.topic, 'test'))).toEqual([
    { n: { n: 2 } },
  ]);
});

it('fails a write that waits for its turn too long, and lets the next ones through', async () => {
  const client = serialiseWrites(t.db.client, 100);
  const transaction = await client.transaction('write');
  const stuck = client.execute(
    "INSERT INTO outbox (topic, payload, next_attempt_at) VALUES ('test', '{}', 0)",
  );
  await expect(stuck).rejects.toThrow('no turn to write on the database within 100 ms');
  await transaction.rollback();
  await client.execute("INSERT INTO outbox (topic, payload, next_attempt_at) VALUES ('test', '{}', 0)");
  const [count] = await t.db.select({ n: sql<number>`count(*)` }).from(outbox);
  expect(count?.n).toBe(1);
});

describe('over HTTP (Turso, the Hrana stand-in)', () => {
  let server: HranaServer;
  let remote: Db;
  beforeEach(async () => {
    server = await startHranaServer({ path: fileURLToPath(new URL(t.url)) });
    remote = openDb(server.url);
    await remote.insert(outbox).values([row(1), row(2), row(3)]);
  });
  afterEach(async () => {
    remote.client.close();
    await server.close();
  });

  const byN = (n: number) =>
    remote.select({ id: outbox.id }).from(outbox).where(sql`json_extract(${outbox.payload}, '$.n') = ${n}`);

  it('sends the reads started together as one request, a repeated one read once', async () => {
    const before = server.requests;
    const [one, two, again, all] = await Promise.all([
      byN(1),
      byN(2),
      byN(1),
      remote.select({ id: outbox.id }).from(outbox),
    ]);
    expect(server.requests - before).toBe(1);
    expect([one, two, again, all.length]).toEqual([[{ id: 1 }], [{ id: 2 }], [{ id: 1 }], 3]);
  });

  it('counts a WITH … SELECT among the reads, and a WITH … INSERT among the writes', async () => {
    const before = server.requests;
    const [withRead, plain] = await Promise.all([
      remote.client.execute('WITH o AS MATERIALIZED (SELECT id FROM outbox) SELECT count(*) AS n FROM o'),
      byN(1),
    ]);
    expect(server.requests - before).toBe(1);
    expect([withRead.rows[0]?.n, plain]).toEqual([3, [{ id: 1 }]]);
    const written = await remote.client.execute(
      "WITH n AS (SELECT 5 AS v) INSERT INTO outbox (topic, payload, next_attempt_at) SELECT 'test', json_object('n', v), 0 FROM n",
    );
    expect(written.rowsAffected).toBe(1);
    expect(await byN(5)).toHaveLength(1);
  });

  it('answers each caller on its own when one read of the batch fails', async () => {
    const results = await Promise.allSettled([
      byN(3),
      remote.client.execute('SELECT * FROM no_such_table'),
      byN(2),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[0] as PromiseFulfilledResult<unknown>).value).toEqual([{ id: 3 }]);
  });

  it('sends writes as they come, and reads after a write see it', async () => {
    const before = server.requests;
    await remote.insert(outbox).values(row(4));
    expect(server.requests - before).toBe(1);
    expect(await byN(4)).toHaveLength(1);
  });

  it('on Workers, keeps one handle whose queries run on each request’s own client (decision 0068)', async () => {
    const database = requestScopedDatabase(server.url);
    const ids = () => database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, 1));
    await expect(ids()).rejects.toHaveProperty(
      'cause.message',
      'the database is used outside a request or a scheduled run',
    );
    // Two requests read in the same turn: each its own client, so two HTTP requests where one shared
    // client would have batched them as one.
    const before = server.requests;
    const [first, second] = await Promise.all([database.run(ids), database.run(ids)]);
    expect(server.requests - before).toBe(2);
    expect([first, second]).toEqual([[{ id: 1 }], [{ id: 1 }]]);
    // Within one request, its reads still travel together.
    const together = server.requests;
    const [one, all] = await database.run(() =>
      Promise.all([ids(), database.db.select({ id: outbox.id }).from(outbox)]),
    );
    expect(server.requests - together).toBe(1);
    expect([one, all.length]).toEqual([[{ id: 1 }], 3]);
  });
});
