import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { slots } from '../../db/schema.ts';
import { createRng } from '../../db/seed/prng.ts';
import { insertCompany, insertSlot, TEST_NOW } from '../../tests/fixtures/app.ts';
import { createTestDb, type TestDb } from '../../tests/fixtures/db.ts';
import { availableSlotsCountStatement, countAvailableSlots } from './availability.ts';
import { isOpenSlot } from './open.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The rule's TypeScript predicate (open.ts), slot by slot: what the fast count must always agree with. */
async function naiveCount(t: TestDb, now: Date, days: number) {
  const rows = await t.db.select().from(slots);
  const end = now.getTime() + days * DAY;
  return rows.filter((s) => isOpenSlot(s, now) && s.startsAt.getTime() < end).length;
}

describe('available slots count', () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb();
  });
  afterEach(() => t.close());

  it('agrees with the rule slot by slot through inserts, bookings, moves, listings and deletions', async () => {
    const random = createRng('availability');
    const company = await insertCompany(t.db);
    const ids: number[] = [];
    for (let i = 0; i < 300; i++) {
      const startsAt = new Date(TEST_NOW.getTime() + random.int(-2 * DAY, 20 * DAY));
      const max = random.int(1, 5);
      ids.push(
        (
          await insertSlot(t.db, company.id, startsAt, {
            maxParticipants: max,
            seatsTaken: random.int(0, max),
          })
        ).id,
      );
    }
    for (let i = 0; i < 300; i++) {
      const id = random.pick(ids);
      const action = random.int(0, 4);
      if (action === 3) {
        await t.db
          .update(slots)
          .set({ listed: random.int(0, 1) === 1 })
          .where(eq(slots.id, id));
      } else if (action === 4) {
        await t.db.update(slots).set({ deletedAt: TEST_NOW }).where(eq(slots.id, id));
      } else if (action === 0) {
        await t.db
          .update(slots)
          .set({ seatsTaken: sql`min(${slots.maxParticipants}, ${random.int(0, 5)})` })
          .where(eq(slots.id, id));
      } else if (action === 1) {
        await t.db
          .update(slots)
          .set({ startsAt: new Date(TEST_NOW.getTime() + random.int(-2 * DAY, 20 * DAY)) })
          .where(eq(slots.id, id));
      } else {
        await t.db.delete(slots).where(eq(slots.id, id));
      }
    }
    for (const offset of [0, 1, 59 * 60_000, HOUR, 3 * HOUR + 17, -DAY]) {
      const now = new Date(TEST_NOW.getTime() + offset);
      for (const days of [1, 15, 30]) {
        expect(await countAvailableSlots(t.db, now, days)).toBe(await naiveCount(t, now, days));
      }
    }
  });

  it('counts a slot on the window’s exact edges: out at now (it has started), in just after, out at now + days', async () => {
    const company = await insertCompany(t.db);
    const now = new Date(TEST_NOW.getTime() + 1234);
    await insertSlot(t.db, company.id, now);
    await insertSlot(t.db, company.id, new Date(now.getTime() + 1));
    await insertSlot(t.db, company.id, new Date(now.getTime() + DAY - 1));
    await insertSlot(t.db, company.id, new Date(now.getTime() + DAY));
    expect(await countAvailableSlots(t.db, now, 1)).toBe(2);
    // On the hour too: the whole hours start after now.
    const onTheHour = new Date(Math.ceil(now.getTime() / HOUR) * HOUR);
    await insertSlot(t.db, company.id, onTheHour);
    expect(await countAvailableSlots(t.db, onTheHour, 1)).toBe(await naiveCount(t, onTheHour, 1));
  });

  it('reads hour totals and the two partial hours from indexes, never scanning the slots table', async () => {
    const statement = availableSlotsCountStatement(TEST_NOW, 15) as { sql: string; args: number[] };
    const plan = await t.db.client.execute({
      sql: `EXPLAIN QUERY PLAN ${statement.sql}`,
      args: statement.args,
    });
    const details = plan.rows.map((r) => String(r.detail));
    expect(details).toContain('SEARCH slot_open_hours USING INTEGER PRIMARY KEY (rowid>? AND rowid<?)');
    expect(
      details.filter((d) => d.includes('slots USING COVERING INDEX slots_open_starts_idx')),
    ).toHaveLength(2);
    expect(details.some((d) => d.startsWith('SCAN slots'))).toBe(false);
  });
});
