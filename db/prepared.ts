import type { DbOrTx } from './client.ts';

const cache = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A hot query built once per database handle (`.prepare()` with `sql.placeholder`s), then run with its
 * values: drizzle otherwise builds the SQL text of every query anew, which under load cost about a tenth of
 * the server's CPU (its `is()` checks column by column; decision 0067). The process's database is one
 * handle, so its queries are built once; a transaction is a handle of its own and builds its own.
 */
export function preparedOn<Query>(db: DbOrTx, name: string, build: (db: DbOrTx) => Query): Query {
  let queries = cache.get(db);
  if (!queries) {
    queries = new Map();
    cache.set(db, queries);
  }
  let query = queries.get(name) as Query | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(name, query);
  }
  return query;
}
