import { createClient, type ResultSet } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import * as schema from './schema.ts';

export type Db = ReturnType<typeof openDb>;

/** The database or a transaction on it: what a query that may run inside a unit of work takes. */
export type DbOrTx = BaseSQLiteDatabase<'async', ResultSet, typeof schema>;

/** Milliseconds a `file:` connection waits for another's write lock before failing with SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

/**
 * Opens the database: a `file:` path on Node, Turso (libsql:// or https://) anywhere. The client keeps a
 * pool of connections; the busy timeout is set on each of them, so concurrent writers queue instead of
 * failing with "database is locked".
 */
export function openDb(url: string, authToken?: string) {
  const client = createClient({ url, authToken, timeout: BUSY_TIMEOUT_MS });
  const db = drizzle(client, { schema });
  return Object.assign(db, { client, isFile: url.startsWith('file:') });
}

/** WAL lets readers go on while one connection writes; it is a property of the file, set once. */
export async function prepareConnection(db: Db): Promise<void> {
  if (!db.isFile) return;
  await db.client.execute('PRAGMA journal_mode = WAL');
}
