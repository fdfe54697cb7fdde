import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Db, openDb } from '../../db/client.ts';
import { establishments, meetings, slots, users } from '../../db/schema.ts';
import { bookAs, insertCompany, insertSlot, insertUser, TEST_NOW } from '../../tests/fixtures/app.ts';
import { createTestDb, type TestDb } from '../../tests/fixtures/db.ts';
import { startHranaServer } from '../../tests/fixtures/hrana-server.ts';
import { AppError } from '../kernel/errors.ts';
import { countAvailableSlots } from '../slots/index.ts';
import type { BookSlotInput } from './booking.ts';

const DAY = 24 * 3_600_000;
const IN_TWO_DAYS = new Date(TEST_NOW.getTime() + 2 * DAY);

function booking(teacherId: number, slotId: number, overrides: Partial<BookSlotInput> = {}): BookSlotInput {
  return {
    teacherId,
    slotId,
    participantsCount: 3,
    publicCategory: 'highSchool',
    acceptCharter: true,
    ...overrides,
  };
}

async function seatsTaken(db: Db, slotId: number) {
  const [slot] = await db.select({ seatsTaken: slots.seatsTaken }).from(slots).where(eq(slots.id, slotId));
  return slot?.seatsTaken;
}

async function codeOf(promise: Promise<unknown>) {
  try {
    await promise;
    return 'ok';
  } catch (e) {
    return e instanceof AppError ? e.code : `unexpected: ${String(e)}`;
  }
}

describe('bookSlot', () => {
  let t: TestDb;
  let slotId: number;
  let teacherId: number;

  beforeEach(async () => {
    t = await createTestDb();
    const company = await insertCompany(t.db);
    slotId = (await insertSlot(t.db, company.id, IN_TWO_DAYS, { maxParticipants: 20 })).id;
    teacherId = (await insertUser(t.db, { kind: 'teacher' })).id;
  });
  afterEach(() => t.close());

  it('takes the seats and confirms the meeting; a full slot leaves the availability count', async () => {
    const meeting = await bookAs(
      t.db,
      booking(teacherId, slotId, { participantsCount: 12, message: 'Une classe de seconde' }),
      TEST_NOW,
    );
    expect(meeting).toMatchObject({
      slotId,
      teacherId,
      status: 'confirmed',
      participantsCount: 12,
      publicCategory: 'highSchool',
      message: 'Une classe de seconde',
      charterAcceptedAt: TEST_NOW,
    });
    expect(await seatsTaken(t.db, slotId)).toBe(12);
    expect(await countAvailableSlots(t.db, TEST_NOW)).toBe(1);

    const other = await insertUser(t.db, { kind: 'teacher' });
    await bookAs(t.db, booking(other.id, slotId, { participantsCount: 8 }), TEST_NOW);
    expect(await seatsTaken(t.db, slotId)).toBe(20);
    expect(await countAvailableSlots(t.db, TEST_NOW)).toBe(0);
  });

  it('refuses more seats than are left with slot_full, writing nothing', async () => {
    await bookAs(t.db, booking(teacherId, slotId, { participantsCount: 18 }), TEST_NOW);
    const other = await insertUser(t.db, { kind: 'teacher' });
    expect(await codeOf(bookAs(t.db, booking(other.id, slotId), TEST_NOW))).toBe('slot_full');
    expect(await seatsTaken(t.db, slotId)).toBe(18);
    expect(await t.db.select().from(meetings).where(eq(meetings.teacherId, other.id))).toEqual([]);
  });

  it('refuses a second live booking of the same teacher with already_booked, taking no seats', async () => {
    await bookAs(t.db, booking(teacherId, slotId), TEST_NOW);
    expect(await codeOf(bookAs(t.db, booking(teacherId, slotId, { participantsCount: 1 }), TEST_NOW))).toBe(
      'already_booked',
    );
    expect(await seatsTaken(t.db, slotId)).toBe(3);
    expect(await t.db.select().from(meetings)).toHaveLength(1);
  });

  it('lets a teacher book again after cancelling', async () => {
    const first = await bookAs(t.db, booking(teacherId, slotId), TEST_NOW);
    await t.db.update(meetings).set({ status: 'cancelled' }).where(eq(meetings.id, first.id));
    await t.db.update(slots).set({ seatsTaken: 0 }).where(eq(slots.id, slotId));
    const second = await bookAs(t.db, booking(teacherId, slotId, { participantsCount: 5 }), TEST_NOW);
    expect(second.id).not.toBe(first.id);
    expect(await seatsTaken(t.db, slotId)).toBe(5);
  });

  it('refuses without the charter, writing nothing', async () => {
    expect(await codeOf(bookAs(t.db, booking(teacherId, slotId, { acceptCharter: false }), TEST_NOW))).toBe(
      'charter_not_accepted',
    );
    expect(await seatsTaken(t.db, slotId)).toBe(0);
  });

  it('answers NOT_FOUND for a slot that has started or does not exist', async () => {
    const company = await insertCompany(t.db);
    const past = await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() - 3_600_000));
    expect(await codeOf(bookAs(t.db, booking(teacherId, past.id), TEST_NOW))).toBe('NOT_FOUND');
    expect(await codeOf(bookAs(t.db, booking(teacherId, slotId), IN_TWO_DAYS))).toBe('NOT_FOUND');
    expect(await codeOf(bookAs(t.db, booking(teacherId, 999_999), TEST_NOW))).toBe('NOT_FOUND');
    expect(await seatsTaken(t.db, past.id)).toBe(0);
    expect(await seatsTaken(t.db, slotId)).toBe(0);
  });

  it('refuses a public category the slot does not offer, and a count below one', async () => {
    expect(
      await codeOf(bookAs(t.db, booking(teacherId, slotId, { publicCategory: 'jobSeekers' }), TEST_NOW)),
    ).toBe('BAD_USER_INPUT');
    expect(await codeOf(bookAs(t.db, booking(teacherId, slotId, { participantsCount: 0 }), TEST_NOW))).toBe(
      'BAD_USER_INPUT',
    );
    expect(await seatsTaken(t.db, slotId)).toBe(0);
  });

  it('records the teacher’s own establishment unless another is given', async () => {
    const [own, other] = await t.db
      .insert(establishments)
      .values([
        { name: 'Lycée Jacquard', type: 'Lycée professionnel', label: 'Lyon', lat: 45.7578, lng: 4.832 },
        { name: 'Collège Ampère', type: 'Collège', label: 'Villeurbanne', lat: 45.7719, lng: 4.8902 },
      ])
      .returning();
    if (!own || !other) throw new Error('establishments not inserted');
    const teacher = await insertUser(t.db, { kind: 'teacher', establishmentId: own.id });
    const company = await insertCompany(t.db);
    const otherSlotId = (await insertSlot(t.db, company.id, IN_TWO_DAYS)).id;

    const byDefault = await bookAs(t.db, booking(teacher.id, slotId), TEST_NOW);
    expect(byDefault.establishmentId).toBe(own.id);
    const given = await bookAs(
      t.db,
      booking(teacher.id, otherSlotId, { establishmentId: other.id }),
      TEST_NOW,
    );
    expect(given.establishmentId).toBe(other.id);
    const stored = await t.db
      .select({ slotId: meetings.slotId, establishmentId: meetings.establishmentId })
      .from(meetings)
      .where(eq(meetings.teacherId, teacher.id));
    expect(stored).toEqual(
      expect.arrayContaining([
        { slotId, establishmentId: own.id },
        { slotId: otherSlotId, establishmentId: other.id },
      ]),
    );
  });

  async function expectExactlySixOf200(clients: Db[], check: Db) {
    // One statement: 200 sequential inserts took most of the test's time on a busy machine.
    const inserted = await t.db
      .insert(users)
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          kind: 'teacher' as const,
          email: `foule-${i}@example.fr`,
          firstName: 'Camille',
          lastName: 'Martin',
        })),
      )
      .returning({ id: users.id });
    const teachers = inserted.map((teacher) => teacher.id);
    const writes = clients.map((c) => vi.spyOn(c.client, 'batch'));
    const outcomes = await Promise.all(
      teachers.map((id, i) =>
        codeOf(bookAs(clients[i % clients.length] as Db, booking(id, slotId), TEST_NOW)),
      ),
    );
    const counts = Object.fromEntries(
      [...new Set(outcomes)].map((o) => [o, outcomes.filter((x) => x === o).length]),
    );
    expect(counts).toEqual({ ok: 6, slot_full: 194 });
    // Most calls reach the conditional write before any seat is taken: it, not the pre-read, refuses them.
    expect(writes.reduce((sum, w) => sum + w.mock.calls.length, 0)).toBeGreaterThan(100);
    expect(await seatsTaken(check, slotId)).toBe(18);
    const live = await check.select().from(meetings).where(eq(meetings.slotId, slotId));
    expect(live.filter((m) => m.status === 'confirmed')).toHaveLength(6);
  }

  it('gives 200 simultaneous bookings of 3 on 20 seats exactly 6 meetings and 194 slot_full', async () => {
    await expectExactlySixOf200([t.db], t.db);
  });

  it('holds the same with the bookings spread over 4 clients (connection pools) on the file', async () => {
    const clients = Array.from({ length: 4 }, () => openDb(t.url));
    try {
      await expectExactlySixOf200(clients, t.db);
    } finally {
      for (const c of clients) c.client.close();
    }
  });

  // Hundreds of HTTP requests served by a stand-in in this same process: seconds on a busy machine.
  it('holds the same over HTTP against the Hrana server (as on Turso)', { timeout: 30_000 }, async () => {
    const server = await startHranaServer({ path: fileURLToPath(new URL(t.url)) });
    const remote = openDb(server.url);
    try {
      await expectExactlySixOf200([remote], remote);
    } finally {
      remote.client.close();
      await server.close();
    }
  });
});
