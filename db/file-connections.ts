import Database from 'libsql';

/** How many prepared statements each connection keeps: the app has a few hundred distinct ones. */
export const STATEMENTS_KEPT = 500;

type Connection = Database.Database;
type Statement = Database.Statement;
const kept = new WeakMap<Connection, Map<string, Statement>>();
let installed = false;

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
 * - It learns whether a statement returns rows by calling `raw()`, which throws for an INSERT or an UPDATE:
 *   a new error with its stack for every write (5 %). A kept statement that returns no rows throws one
 *   error made once.
 * - `synchronous = NORMAL`, SQLite's advice under WAL: a commit no longer waits for the disk (144 µs → 15 µs
 *   here, several commits per booking, the thread blocked meanwhile). The database stays consistent
 *   after any crash; a power cut may lose the last commits before the next checkpoint.
 */
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
    }
    const statement = statements.get(sql);
    if (statement) {
      // Most recently used last: the first one is the one to drop.
      statements.delete(sql);
      statements.set(sql, statement);
      return statement;
    }
    const prepared = prepare.call(this, sql) as Statement;
    if (!prepared.reader) prepared.raw = refuseRaw;
    statements.set(sql, prepared);
    if (statements.size > STATEMENTS_KEPT) statements.delete(statements.keys().next().value as string);
    return prepared;
  } as typeof prepare;
}
