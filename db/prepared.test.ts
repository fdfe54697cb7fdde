import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../tests/fixtures/db.ts';
import type { DbOrTx } from './client.ts';
import { preparedOn } from './prepared.ts';
import { users } from './schema.ts';

describe('preparedOn', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb();
  });
  afterEach(() => t.close());

  it('builds a query once per database handle, runs it with each value, and a transaction builds its own', async () => {
    let builds = 0;
    const countOfKind = (db: DbOrTx) =>
      preparedOn(db, 'usersOfKind', (db) => {
        builds++;
        return db
          .select({ n: sql<number>`count(*)` })
          .from(users)
          .where(sql`${users.kind} = ${sql.placeholder('kind')}`)
          .prepare();
      });
    expect(await countOfKind(t.db).get({ kind: 'teacher' })).toEqual({ n: 0 });
    expect(await countOfKind(t.db).get({ kind: 'admin' })).toEqual({ n: 0 });
    expect(builds).toBe(1);
    await t.db.transaction(async (tx) => {
      expect(await countOfKind(tx).get({ kind: 'teacher' })).toEqual({ n: 0 });
    });
    expect(builds).toBe(2);
  });
});
