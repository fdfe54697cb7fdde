import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { plural } from '../../common/format.ts';
import { compareFrench } from '../../common/text.ts';
import { frenchOrder } from '../../db/text-search.ts';
import { createTestDb, type TestDb } from '../fixtures/db.ts';

/* The French of lists and counts (issue 20: « 1 places », « 0 créneaux », « Câbleur » after « Contrôleur »). */

describe('plural', () => {
  it('takes the singular for 0 and 1, the plural from 2, and says zero its own way when asked', () => {
    expect(plural(1, 'place')).toBe('1 place');
    expect(plural(0, 'place')).toBe('0 place');
    expect(plural(2, 'place')).toBe('2 places');
    expect(plural(0, 'créneau', 'créneaux', 'aucun créneau')).toBe('aucun créneau');
    expect(plural(1, 'créneau', 'créneaux', 'aucun créneau')).toBe('1 créneau');
    expect(plural(3, 'créneau', 'créneaux')).toBe('3 créneaux');
    expect(plural(1500, 'participant')).toBe('1\u202f500 participants');
  });
});

const JOBS = [
  'Contrôleur',
  'câbleur',
  'Électricien',
  'Ébéniste',
  'Chaudronnier',
  'Câbleur',
  'Ajusteur',
  'Zingueur',
];

describe('French order', () => {
  it('sorts names in JavaScript as a French reader expects', () => {
    expect([...JOBS].sort(compareFrench)).toEqual([
      'Ajusteur',
      'câbleur',
      'Câbleur',
      'Chaudronnier',
      'Contrôleur',
      'Ébéniste',
      'Électricien',
      'Zingueur',
    ]);
  });

  describe('in SQL (frenchOrder)', () => {
    let t: TestDb;
    beforeEach(async () => {
      t = await createTestDb();
    });
    afterEach(() => t.close());

    it('orders accented and capitalised names among the others, where character codes would not', async () => {
      const values = sql.join(
        JOBS.map((job) => sql`(${job})`),
        sql`, `,
      );
      const rows = await t.db.all<{ name: string }>(
        sql`WITH names(name) AS (VALUES ${values}) SELECT name FROM names ORDER BY ${frenchOrder(sql.raw('name'))}, name`,
      );
      const order = rows.map((row) => row.name);
      expect(order.indexOf('Câbleur')).toBeLessThan(order.indexOf('Contrôleur'));
      expect(order.indexOf('Ébéniste')).toBeLessThan(order.indexOf('Zingueur'));
      expect(order.indexOf('Électricien')).toBeGreaterThan(order.indexOf('Contrôleur'));
      expect(order[0]).toBe('Ajusteur');
      expect(order.at(-1)).toBe('Zingueur');
    });
  });
});
