import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../tests/fixtures/db.ts';
import { TEXT_CAPS } from './text-caps.ts';

describe('free-text caps in the database', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb();
  });
  afterEach(() => t.close());

  it('refuses, on insert and on update, a text one character over its cap, and takes one at the cap', async () => {
    const { rows } = await t.db.client.execute(
      "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%_text_caps_%'",
    );
    const triggers = new Map(rows.map((row) => [String(row.name), String(row.sql)]));
    for (const [table, columns] of Object.entries(TEXT_CAPS)) {
      for (const operation of ['insert', 'update']) {
        const trigger = triggers.get(`${table}_text_caps_${operation}`) ?? '';
        for (const [column, max] of Object.entries(columns)) {
          expect(trigger, `${table}.${column} on ${operation}`).toContain(`length(NEW.${column}) > ${max}`);
        }
      }
    }
    // One table end to end: the trigger refuses the row, the one at the cap goes in.
    const name = (n: number) => 'é'.repeat(n);
    const max = TEXT_CAPS.jobs?.label ?? 0;
    const run = (statement: string, label: string) => t.db.client.execute({ sql: statement, args: [label] });
    await run('INSERT INTO jobs (label) VALUES (?)', name(max));
    await expect(run('INSERT INTO jobs (label) VALUES (?)', name(max + 1))).rejects.toThrow(
      /text over its cap in jobs/,
    );
    await expect(run('UPDATE jobs SET label = ?', name(max + 1))).rejects.toThrow(
      /text over its cap in jobs/,
    );
  });
});
