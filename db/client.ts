import { AsyncLocalStorage } from 'node:async_hooks';
import {
  type Client,
  createClient,
  type InStatement,
  type ResultSet,
  type Transaction,
  type TransactionMode,
} from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { tuneFileConnections } from './file-connections.ts';

export { startCheckpointer } from './file-connections.ts';

import * as schema from './schema.ts';

export type Db = ReturnType<typeof openDb>;

/** The database or a transaction on it: what a query that may run inside a unit of work takes. */
export type DbOrTx = BaseSQLiteDatabase<'async', ResultSet, typeof schema>;

/** The `?, ?, …` of a raw statement's `IN (…)`: one placeholder per value, the values passed as its arguments. */
export const sqlPlaceholders = (values: readonly unknown[]): string => values.map(() => '?').join(', ');

/** Milliseconds a `file:` connection waits for another's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens the database: a `file:` path on Node, Turso (libsql:// or https://) anywhere. The client keeps a
 * pool of connections; the busy timeout is set on each of them, so concurrent writers queue instead of
 * failing with "database is locked". Over HTTP, reads started together travel together (coalesceReads).
 */
export function openDb(url: string, authToken?: string) {
  return handleOn(openClient(url, authToken), url.startsWith('file:'));
}

function openClient(url: string, authToken?: string): Client {
  const isFile = url.startsWith('file:');
  if (isFile) tuneFileConnections();
  const opened = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  return isFile ? serialiseWrites(opened) : coalesceReads(opened);
}

function handleOn(client: Client, isFile: boolean) {
  return Object.assign(drizzle(client, { schema }), { client, isFile });
}

/** What `requestScopedDatabase` hands drizzle: the running request's client. */
class RequestClient {}

/**
 * On Workers: one database handle for the isolate, whose connection is always the running request's own.
 * A client may not serve two requests (docs/decisions/0025), so `run` opens one for each request (and each
 * scheduled run) and everything the work awaits reaches it through the handle; the handle, and the queries
 * built on it once (db/prepared.ts), outlive the requests: drizzle otherwise read the whole schema and
 * built every query again for each request (docs/decisions/0068).
 */
export function requestScopedDatabase(url: string, authToken?: string) {
  const scope = new AsyncLocalStorage<Client>();
  const current = (): Client => {
    const client = scope.getStore();
    if (!client) throw new Error('the database is used outside a request or a scheduled run');
    return client;
  };
  // Not a plain object: drizzle reads a plain object as its settings (its `constructor` is read first).
  const client = new Proxy(new RequestClient() as unknown as Client, {
    get(_target, property) {
      if (property === 'constructor') return RequestClient;
      const target = current();
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return {
    db: handleOn(client, url.startsWith('file:')),
    // Awaited inside: a drizzle query runs when it is awaited, which must happen within the run.
    run: <T>(work: () => PromiseLike<T>): Promise<T> =>
      scope.run(openClient(url, authToken), async () => await work()),
  };
}

/** WAL lets readers go on while one connection writes; it is a property of the file, set once. */
export async function prepareConnection(db: Db): Promise<void> {
  if (!db.isFile) return;
  await db.client.execute('PRAGMA journal_mode = WAL');
}

/**
 * How long a write waits for its turn before failing. A queue of writes takes milliseconds; this only
 * bounds a mistake (a write through the database handle inside one of its own transactions would wait for
 * itself): an error the logs show, instead of requests that never answer.
 */
export const WRITE_TURN_TIMEOUT_MS = 30_000;

/**
 * A FIFO lock: `run` waits for the previous holders, `acquire` hands back its release. A waiter that gives
 * up keeps its place and passes the turn on as soon as it gets it.
 */
function createLock(timeoutMs: number) {
  let tail: Promise<void> = Promise.resolve();
  /** Holders and waiters: a write that finds none takes its turn without arming a timer. */
  let queued = 0;
  const acquire = () => {
    let free!: () => void;
    const held = new Promise<void>((resolve) => {
      free = resolve;
    });
    const release = () => {
      queued--;
      free();
    };
    const turn = tail;
    tail = tail.then(() => held);
    const contended = queued++ > 0;
    return new Promise<() => void>((resolve, reject) => {
      let gaveUp = false;
      const timer = contended
        ? setTimeout(() => {
            gaveUp = true;
            reject(new Error(`no turn to write on the database within ${timeoutMs} ms`));
          }, timeoutMs)
        : undefined;
      void turn.then(() => {
        clearTimeout(timer);
        if (gaveUp) release();
        else resolve(release);
      });
    });
  };
  return {
    acquire,
    async run<T>(work: () => Promise<T>): Promise<T> {
      const release = await acquire();
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

/** A SELECT, or a WITH … SELECT (a query with its common tables) that writes nothing. */
const READ_ONLY = /^\s*(?:select\b|with\b(?![\s\S]*\b(?:insert|update|delete|replace)\b))/i;
const statementText = (stmt: InStatement | string) => (typeof stmt === 'string' ? stmt : stmt.sql);

interface QueuedRead {
  stmt: InStatement;
  waiters: { resolve(result: ResultSet): void; reject(error: unknown): void }[];
}

/**
 * Over HTTP every statement is a round trip to the database (a subrequest on Workers, a network hop to
 * Turso). The SELECTs a request starts in the same turn of the event loop (a page's data, read with
 * Promise.all) go as one read batch instead: one request, one snapshot. A statement repeated in the turn
 * (two use cases asking for the same row) is read once. Writes, and everything inside a transaction, go
 * as they come. Should the batch fail, each statement is run alone, so each caller gets its own answer.
 */
export function coalesceReads(client: Client): Client {
  let turn: Map<string, QueuedRead> | undefined;
  let unique = 0;
  const settle = (read: QueuedRead, result: Promise<ResultSet>) =>
    result.then(
      (rows) => {
        for (const waiter of read.waiters) waiter.resolve(rows);
      },
      (error: unknown) => {
        for (const waiter of read.waiters) waiter.reject(error);
      },
    );
  const flush = async (reads: QueuedRead[]) => {
    const [only] = reads;
    if (reads.length === 1 && only) return settle(only, client.execute(only.stmt));
    let results: ResultSet[];
    try {
      results = await client.batch(
        reads.map((read) => read.stmt),
        'read',
      );
    } catch {
      return Promise.all(reads.map((read) => settle(read, client.execute(read.stmt))));
    }
    for (const [i, read] of reads.entries()) await settle(read, Promise.resolve(results[i] as ResultSet));
  };
  const keyOf = (stmt: InStatement) => {
    try {
      return typeof stmt === 'string' ? stmt : `${stmt.sql}\u0000${JSON.stringify(stmt.args ?? [])}`;
    } catch {
      // Arguments JSON cannot write (a bigint): not shared.
      return `unique:${++unique}`;
    }
  };
  const execute = (stmt: InStatement | string, args?: never): Promise<ResultSet> => {
    if (args !== undefined || !READ_ONLY.test(statementText(stmt))) {
      return typeof stmt === 'string' ? client.execute(stmt, args) : client.execute(stmt);
    }
    if (!turn) {
      const reads = new Map<string, QueuedRead>();
      turn = reads;
      setTimeout(() => {
        turn = undefined;
        void flush([...reads.values()]);
      }, 0);
    }
    const key = keyOf(stmt);
    const read = turn.get(key) ?? { stmt, waiters: [] };
    turn.set(key, read);
    return new Promise((resolve, reject) => read.waiters.push({ resolve, reject }));
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === 'execute') return execute;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * On a `file:` database the native driver is synchronous: a write that meets another connection's open
 * transaction sleeps the whole thread in the busy handler, so the transaction it waits for cannot go on,
 * and the write fails with "database is locked" after the busy timeout (FIELD-NOTES). Within the process,
 * writes therefore take turns here: an interactive transaction holds the turn until it commits, rolls
 * back or closes; a batch or a single write statement takes it for its own duration. Reads (SELECT, read
 * batches and transactions) never wait: WAL lets them run beside the writer. Other processes on the same
 * file still meet the busy timeout, which works across threads.
 */
export function serialiseWrites(client: Client, turnTimeoutMs = WRITE_TURN_TIMEOUT_MS): Client {
  const lock = createLock(turnTimeoutMs);
  const guarded = {
    execute(stmt: InStatement | string, args?: never) {
      const run = () => (typeof stmt === 'string' ? client.execute(stmt, args) : client.execute(stmt));
      return READ_ONLY.test(statementText(stmt)) ? run() : lock.run(run);
    },
    batch(stmts: Parameters<Client['batch']>[0], mode?: Parameters<Client['batch']>[1]) {
      return mode === 'read' ? client.batch(stmts, mode) : lock.run(() => client.batch(stmts, mode));
    },
    migrate(stmts: InStatement[]) {
      return lock.run(() => client.migrate(stmts));
    },
    executeMultiple(sql: string) {
      return lock.run(() => client.executeMultiple(sql));
    },
    async transaction(mode: TransactionMode = 'write'): Promise<Transaction> {
      if (mode === 'read') return client.transaction(mode);
      const release = await lock.acquire();
      let transaction: Transaction;
      try {
        transaction = await client.transaction(mode);
      } catch (error) {
        release();
        throw error;
      }
      let released = false;
      const end = () => {
        if (!released) {
          released = true;
          release();
        }
      };
      return {
        execute: (stmt: InStatement) => transaction.execute(stmt),
        batch: (stmts: InStatement[]) => transaction.batch(stmts),
        executeMultiple: (sql: string) => transaction.executeMultiple(sql),
        commit: () => transaction.commit().finally(end),
        rollback: () => transaction.rollback().finally(end),
        close: () => {
          try {
            transaction.close();
          } finally {
            end();
          }
        },
        get closed() {
          return transaction.closed;
        },
      };
    },
  };
  return new Proxy(client, {
    get(target, property) {
      if (Object.hasOwn(guarded, property)) return guarded[property as keyof typeof guarded];
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
