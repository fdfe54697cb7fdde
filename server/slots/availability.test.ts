import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_NOW } from '../../tests/fixtures/app.ts';
import { createTestDb, type TestDb } from '../../tests/fixtures/db.ts';
import { availableSlotsCountQuery } from './availability.ts';

describe('available slots count', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb();
  });
  afterEach(() => t.close());

  it('is read from the partial covering index alone, without touching the slots table', async () => {
    const { sql, params } = availableSlotsCountQuery(t.db, TEST_NOW, 15).toSQL();
    const plan = await t.db.client.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args: params as number[] });
    const detail = plan.rows.map((r) => String(r.detail)).join('\n');
    expect(detail).toBe(
      'SEARCH slots USING COVERING INDEX slots_open_starts_idx (starts_at>? AND starts_at<?)',
    );
  });
});
