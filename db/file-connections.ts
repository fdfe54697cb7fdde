import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import Database from 'libsql';

/** How many prepared statements each connection keeps: the app has a few hundred distinct ones. */
export const STATEMENTS_KEPT = 500;

type Connection = Database.Database;
type Statement = Database.Statement;
/** A kept statement, and the schema it was prepared for. */
interface Kept {
  statement: Statement;
  generation: number;
}
const kept = new WeakMap<Connection, Map<string, Kept>>();
let installed = false;

/** Bumped by any statement that changes the schema: the statements kept before it are prepared again. */
let schemaGeneration = 0;
const SCHEMA_CHANGE = /^\s*(CREATE|ALTER|DROP)\b/i;

/**
 * The statement's columns, read once: `@libsql/client` asks for them twice per execution, and they are the
 * prepared statement's, which is prepared again after a schema change.
 */
function keepColumns(statement: Statement): void {
  const columns = statement.columns;
  let value: ReturnType<Statement['columns']> | undefined;
  statement.columns = function keptColumns(this: Statement) {
    value ??= columns.call(this);
    return value;
  };
}

/** What a statement that returns no rows throws when `@libsql/client` asks it for raw rows: made once. */
const NOT_A_READER = new TypeError('This statement does not return data');
function refuseRaw(): never {
  throw NOT_A_READER;
}

/**
 * How the server uses a `file:` database's connections (Node only: on Workers the database is reached over
 * HTTP and the build aliases this file). Measured under the booking benchmark, docs/decisions/0060:
 * - `@libsql/client` prepares each statement again for every execution: SQLite parsed and planned it each
 *   time (13 % of the CPU). Each connection of the client's pool now keeps its prepared statements by SQL
 *   text, the {@link STATEMENTS_KEPT} most recently used. Reusing one is safe: the client prepares, binds,
 *   runs and reads a statement in one synchronous call, and SQLite resets a statement before each run and
 *   prepares it again itself after a schema change.
 * - It reads a statement's columns twice per execution: a kept statement reads them once. A statement that
 *   changes the schema (CREATE, ALTER, DROP: the migrations) has every connection prepare its statements
 *   again, so that a `SELECT *` kept from before names the new columns.
 * - It learns whether a statement returns rows by calling `raw()`, which throws for an INSERT or an UPDATE:
 *   a new error with its stack for every write (5 %). A kept statement that returns no rows throws one
 *   error made once.
 * - `synchronous = NORMAL`, SQLite's advice under WAL: a commit no longer waits for the disk (144 µs → 15 µs
 *   here, several commits per booking, the thread blocked meanwhile). The database stays consistent
 *   after any crash; a power cut may lose the last commits before the next checkpoint.
 * - The WAL is copied into the database every {@link WAL_CHECKPOINT_PAGES} pages instead of SQLite's 1,000
 *   (4 MiB): each checkpoint copies and syncs on the request's thread, and the pages that every booking
 *   rewrites (the indexes' hot pages) are copied once per checkpoint; under the booking benchmark, about 8 %
 *   more bookings per second (docs/decisions/0067). The WAL file may reach about 32 MiB between two. In the
 *   server, a thread of its own copies it long before (`startCheckpointer`, docs/decisions/0075): these
 *   checkpoints are the backstop.
 */
/** Pages of WAL between two automatic checkpoints (4 KiB each). */
export const WAL_CHECKPOINT_PAGES = 8000;

export function tuneFileConnections(): void {
  if (installed) return;
  installed = true;
  const prepare = Database.prototype.prepare;
  Database.prototype.prepare = function keptPrepare(this: Connection, sql: string) {
    let statements = kept.get(this);
    if (!statements) {
      statements = new Map();
      kept.set(this, statements);
      prepare.call(this, 'PRAGMA synchronous = NORMAL').run([]);
      prepare.call(this, `PRAGMA wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`).run([]);
    }
    if (SCHEMA_CHANGE.test(sql)) schemaGeneration++;
    const found = statements.get(sql);
    // Most recently used last: the first one is the one to drop.
    statements.delete(sql);
    if (found?.generation === schemaGeneration) {
      statements.set(sql, found);
      return found.statement;
    }
    const statement = prepare.call(this, sql) as Statement;
    if (statement.reader) keepColumns(statement);
    else statement.raw = refuseRaw;
    statements.set(sql, { statement, generation: schemaGeneration });
    if (statements.size > STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
    return statement;
  } as typeof prepare;
}

/**
 * How often the checkpointer copies the WAL into the database (`startCheckpointer`) while it is written to;
 * idle, it waits twice as long each time the WAL has not grown, up to {@link CHECKPOINT_IDLE_MS}.
 */
export const CHECKPOINT_EVERY_MS = 20;
export const CHECKPOINT_IDLE_MS = 1000;

/** The checkpointer's thread: its own connection, a passive checkpoint at a time, until told to stop. */
const CHECKPOINTER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.libsql);
const db = new Database(workerData.path, { timeout: 0 });
db.prepare('PRAGMA synchronous = NORMAL').run([]);
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let wait = workerData.every;
let frames = -1;
let timer;
const turn = () => {
  let seen = frames;
  try {
    seen = checkpoint.get([]).log;
  } catch {
    // Busy or locked: the next turn tries again, and the connections' own checkpoints stay the backstop.
  }
  wait = seen === frames ? Math.min(wait * 2, workerData.idle) : workerData.every;
  frames = seen;
  timer = setTimeout(turn, wait);
};
timer = setTimeout(turn, wait);
parentPort.once('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Copies a `file:` database's WAL into it from a thread of its own, every {@link CHECKPOINT_EVERY_MS} ms,
 * for the server's process: a checkpoint made by a commit ran on the request's thread, 40–50 ms with the
 * thread blocked, every 300–400 bookings under the booking benchmark, which made its slowest requests
 * (docs/decisions/0075). A passive checkpoint never waits for the writers nor makes them wait; the
 * connections keep their own automatic checkpoint as a backstop, which a WAL kept short never reaches.
 * Returns what stops it; the thread never keeps the process alive.
 */
export function startCheckpointer(url: string): { stop(): Promise<void> } {
  const path = url.slice('file:'.length).split('?')[0] as string;
  const libsql = createRequire(import.meta.url).resolve('libsql');
  const worker = new Worker(CHECKPOINTER, {
    eval: true,
    workerData: { path, libsql, every: CHECKPOINT_EVERY_MS, idle: CHECKPOINT_IDLE_MS },
  });
  worker.unref();
  return {
    async stop() {
      const exited = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage('stop');
      await exited;
    },
  };
}
