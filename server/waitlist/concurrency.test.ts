import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { meetings, slots, users, waitlistEntries } from '../../db/schema.ts';
import {
  bookAs,
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { startHranaServer } from '../../tests/fixtures/hrana-server.ts';
import { type OtherProcess, startOtherProcess } from '../../tests/fixtures/other-process.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { runJob } from '../main/scheduled.ts';
import { acceptWaitlistOffer, leaveWaitlist } from './waitlist.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const CAPACITY = 30;
const HOUR = 3_600_000;

let t: TestApp;
/** Another server process on the same file: the walk-ins book through it. */
let other: OtherProcess;
let slotId: number;

beforeEach(async () => {
  t = await createTestApp({ now: TEST_NOW });
  other = await startOtherProcess(t.deps.config.DATABASE_URL);
  const company = await insertCompany(t.db);
  slotId = (
    await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() + 5 * 24 * HOUR), {
      maxParticipants: CAPACITY,
    })
  ).id;
});
afterEach(async () => {
  await other?.close();
  t.close();
});

async function teachers(prefix: string, n: number) {
  const rows = await t.db
    .insert(users)
    .values(
      Array.from({ length: n }, (_, i) => ({
        kind: 'teacher' as const,
        email: `${prefix}-${i}@example.fr`,
        firstName: 'Camille',
        lastName: 'Martin',
      })),
    )
    .returning({ id: users.id });
  return Promise.all(rows.map(async ({ id }) => ({ id, token: await loginAs(t.db, id) })));
}

/** What the slot's counters must say of its rows, whatever ran: the invariant of decision 0041. */
async function expectConsistent() {
  const [slot] = await t.db.select().from(slots).where(eq(slots.id, slotId));
  const live = (await t.db.select().from(meetings).where(eq(meetings.slotId, slotId))).filter(
    (m) => m.status !== 'cancelled',
  );
  const offered = (
    await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.slotId, slotId))
  ).filter((e) => e.status === 'offered');
  const booked = live.reduce((sum, m) => sum + m.participantsCount, 0);
  const held = offered.reduce((sum, e) => sum + e.groupSize, 0);
  expect(slot?.seatsTaken).toBeLessThanOrEqual(CAPACITY);
  expect(slot?.seatsHeld).toBe(held);
  expect(slot?.seatsTaken).toBe(booked + held);
  // No teacher both holds an offer and a booking.
  const bookedTeachers = new Set(live.map((m) => m.teacherId));
  expect(offered.filter((e) => bookedTeachers.has(e.teacherId))).toEqual([]);
  return { booked, held };
}

/** Every teacher in the line accepts or declines whatever they hold, through the use cases on `deps`. */
async function answerAll(deps: Deps, entries: { id: number; teacherId: number }[]) {
  const codes: string[] = [];
  await Promise.all(
    entries.map(async ({ id, teacherId }, i) => {
      const viewer = { id: teacherId, kind: 'teacher' } as Viewer;
      try {
        if (i % 3 === 0) await leaveWaitlist(viewer, { id }, deps);
        else await acceptWaitlistOffer(viewer, { id, acceptCharter: true }, deps);
        codes.push('ok');
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        codes.push(error.code);
      }
    }),
  );
  return codes;
}

const ACCEPT = 'mutation ($id: ID!) { acceptWaitlistOffer(id: $id, acceptCharter: true) { id } }';
const LEAVE = 'mutation ($id: ID!) { leaveWaitlist(id: $id) }';
const CANCEL = 'mutation ($id: ID!) { cancelMeeting(id: $id) { id } }';

it('many cancellations, offers, accepts, declines, lapses and bookings at once never exceed the capacity', {
  timeout: 60_000,
}, async () => {
  // The slot is full: ten groups of 3.
  const holders = await teachers('titulaire', 10);
  const bookings = [];
  for (const holder of holders)
    bookings.push(await insertMeeting(t.db, slotId, holder.id, { participantsCount: 3 }));
  // Thirty teachers wait, groups of 1 to 5.
  const waiting = await teachers('attente', 30);
  const entries = new Map<number, { id: number; token: string }>();
  for (const [i, w] of waiting.entries()) {
    t.clock.set(new Date(TEST_NOW.getTime() + i));
    const joined = await t.graphql<{ joinWaitlist: { id: string } }>(
      'mutation ($s: ID!, $g: Int!) { joinWaitlist(slotId: $s, groupSize: $g) { id } }',
      { s: String(slotId), g: 1 + (i % 5) },
      { token: w.token },
    );
    expect(joined.errors).toBeUndefined();
    entries.set(w.id, { id: Number(joined.data?.joinWaitlist.id), token: w.token });
  }
  const walkIns = await teachers('direct', 20);
  t.clock.set(new Date(TEST_NOW.getTime() + HOUR));

  /**
   * Every teacher holding an offer answers it now: most accept, one in three declines, and one in four
   * never answers (the offer lapses).
   */
  const answerOffers = () =>
    [...entries.entries()].map(async ([teacherId, { id, token }], i) => {
      const [row] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
      if (row?.status !== 'offered' || i % 4 === 1) return;
      const answer = await t.graphql(i % 3 === 0 ? LEAVE : ACCEPT, { id: String(id) }, { token });
      codes.push(String(answer.errors?.[0]?.extensions?.code ?? 'ok'));
      void teacherId;
    });
  const walkInBookings = (round: number) =>
    walkIns.slice(round * 5, round * 5 + 5).map((w) =>
      other.book(
        {
          teacherId: w.id,
          slotId,
          participantsCount: 2,
          publicCategory: 'highSchool',
          acceptCharter: true,
        },
        t.clock.now(),
      ),
    );

  const codes: string[] = [];
  for (let round = 0; round < 4; round++) {
    const cancels = bookings
      .slice(round * 3, round * 3 + 3)
      .map((b, i) => t.graphql(CANCEL, { id: String(b.id) }, { token: holders[round * 3 + i]?.token }));
    const outcomes = await Promise.allSettled([
      ...cancels,
      t.deps.outbox.wake(),
      runJob('waitlist-offers', t.deps),
      ...answerOffers(),
      ...walkInBookings(round),
      t.deps.outbox.wake(),
      runJob('waitlist-offers', t.deps),
      ...answerOffers(),
    ]);
    expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
    for (const o of outcomes) {
      const errors = o.status === 'fulfilled' ? (o.value as { errors?: unknown[] } | undefined)?.errors : [];
      expect(errors ?? []).toEqual([]);
    }
    await expectConsistent();
    // Some offers lapse between rounds.
    t.clock.set(new Date(t.clock.now().getTime() + 13 * HOUR));
  }
  await runJob('waitlist-offers', t.deps);
  await t.deps.outbox.wake();
  const { booked, held } = await expectConsistent();
  // The line did its work: seats went back out, to the line or to walk-ins.
  expect(booked + held).toBeGreaterThan(CAPACITY - 3 * 4);
  const statuses = (await t.db.select().from(waitlistEntries)).map((e) => e.status);
  expect(statuses).toContain('booked');
  expect(statuses).toContain('declined');
  expect(statuses).toContain('lapsed');
  // An answer may come after a lapse (waitlist_offer_expired), or after its own twin booked the seats
  // (already_booked): never as an internal error.
  const expected = ['ok', 'waitlist_offer_expired', 'already_booked'];
  expect(codes.filter((code) => !expected.includes(code))).toEqual([]);
});

// The same writes over HTTP, as on Turso: each batch and transaction is the server's, none in this process.
it('holds over HTTP against the Hrana server: offers, accepts, declines and walk-ins at once', {
  timeout: 60_000,
}, async () => {
  const holders = await teachers('titulaire', 10);
  const bookings = [];
  for (const holder of holders)
    bookings.push(await insertMeeting(t.db, slotId, holder.id, { participantsCount: 3 }));
  const waiting = await teachers('attente', 20);
  const entries: { id: number; teacherId: number }[] = [];
  for (const [i, w] of waiting.entries()) {
    const [row] = await t.db
      .insert(waitlistEntries)
      .values({
        slotId,
        teacherId: w.id,
        groupSize: 1 + (i % 5),
        publicCategory: 'highSchool',
        createdAt: new Date(TEST_NOW.getTime() + i),
      })
      .returning();
    if (row) entries.push({ id: row.id, teacherId: w.id });
  }
  const walkIns = await teachers('direct', 10);
  const server = await startHranaServer({ path: fileURLToPath(new URL(t.deps.config.DATABASE_URL)) });
  const remote = openDb(server.url);
  try {
    const deps: Deps = { ...t.deps, db: remote };
    // Half the seats come free at once.
    await t.db.run(sql`UPDATE meetings SET status = 'cancelled' WHERE slot_id = ${slotId} AND id % 2 = 0`);
    const freed = (await t.db.select().from(meetings).where(eq(meetings.slotId, slotId))).filter(
      (m) => m.status === 'cancelled',
    ).length;
    await t.db.run(sql`UPDATE slots SET seats_taken = seats_taken - ${3 * freed} WHERE id = ${slotId}`);
    const codes: string[] = [];
    for (let round = 0; round < 3; round++) {
      const outcomes = await Promise.allSettled([
        runJob('waitlist-offers', deps),
        runJob('waitlist-offers', deps),
        answerAll(deps, entries).then((answered) => codes.push(...answered)),
        ...walkIns.slice(round * 3, round * 3 + 3).map((w) =>
          bookAs(
            remote,
            {
              teacherId: w.id,
              slotId,
              participantsCount: 2,
              publicCategory: 'highSchool',
              acceptCharter: true,
            },
            t.clock.now(),
          ).catch((e) => {
            if (!(e instanceof AppError)) throw e;
          }),
        ),
      ]);
      expect(outcomes.filter((o) => o.status === 'rejected')).toEqual([]);
      await expectConsistent();
    }
    const expected = ['ok', 'waitlist_offer_expired', 'already_booked'];
    expect(codes.filter((code) => !expected.includes(code))).toEqual([]);
    expect((await t.db.select().from(waitlistEntries)).map((e) => e.status)).toContain('booked');
  } finally {
    remote.client.close();
    await server.close();
  }
});

const BOOK = 'mutation ($input: BookingInput!) { bookSlot(input: $input) { id status } }';
const bookingOf = (participantsCount: number) => ({
  input: { slotId: String(slotId), participantsCount, publicCategory: 'highSchool', acceptCharter: true },
});

it('the line cannot be jumped: seats a cancellation frees are held for the line in that same write', async () => {
  await t.db.update(slots).set({ maxParticipants: 2 }).where(eq(slots.id, slotId));
  const [first, second, third] = await teachers('file', 3);
  if (!first || !second || !third) throw new Error('no teachers');
  const booked = await t.graphql<{ bookSlot: { id: string } }>(BOOK, bookingOf(2), { token: first.token });
  const joined = await t.graphql(
    'mutation ($s: ID!) { joinWaitlist(slotId: $s, groupSize: 2) { id } }',
    { s: String(slotId) },
    { token: second.token },
  );
  expect(joined.errors).toBeUndefined();
  await t.graphql(CANCEL, { id: booked.data?.bookSlot.id }, { token: first.token });
  // At once after the cancellation, before any job or delivery: the seats are the line's.
  const walkIn = await t.graphql(BOOK, bookingOf(2), { token: third.token });
  expect(walkIn.errors?.[0]?.extensions).toMatchObject({ code: 'slot_full', seatsLeft: 0 });
  const [entry] = await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.teacherId, second.id));
  expect(entry?.status).toBe('offered');
  await expectConsistent();
});

it('in a storm of cancellations and direct bookings, no direct booking is confirmed while a waiting group fits', {
  timeout: 60_000,
}, async () => {
  // Six holders fill six seats; fourteen teachers wait for one seat each; twenty come to book directly.
  await t.db.update(slots).set({ maxParticipants: 6 }).where(eq(slots.id, slotId));
  const holders = await teachers('titulaire', 6);
  const meetingsHeld = [];
  for (const holder of holders)
    meetingsHeld.push(await insertMeeting(t.db, slotId, holder.id, { participantsCount: 1 }));
  const waiting = await teachers('attente', 14);
  for (const [i, w] of waiting.entries()) {
    t.clock.set(new Date(TEST_NOW.getTime() + i));
    const joined = await t.graphql(
      'mutation ($s: ID!) { joinWaitlist(slotId: $s, groupSize: 1) { id } }',
      { s: String(slotId) },
      { token: w.token },
    );
    expect(joined.errors).toBeUndefined();
  }
  const walkIns = await teachers('direct', 20);
  t.clock.set(new Date(TEST_NOW.getTime() + HOUR));
  const results = await Promise.all([
    ...meetingsHeld.map((meeting, i) =>
      t.graphql(CANCEL, { id: String(meeting.id) }, { token: holders[i]?.token ?? '' }),
    ),
    ...walkIns.map((walkIn) =>
      t.graphql<{ bookSlot: { status: string } }>(BOOK, bookingOf(1), { token: walkIn.token }),
    ),
  ]);
  const direct = results.slice(meetingsHeld.length);
  expect(direct.filter((result) => result.data?.bookSlot)).toEqual([]);
  expect(new Set(direct.map((result) => result.errors?.[0]?.extensions?.code))).toEqual(
    new Set(['slot_full']),
  );
  const offered = (
    await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.slotId, slotId))
  ).filter((entry) => entry.status === 'offered');
  // The six seats went to the first six in line, in order.
  expect(offered.map((entry) => entry.teacherId).sort()).toEqual(
    waiting
      .slice(0, 6)
      .map((w) => w.id)
      .sort(),
  );
  expect(await expectConsistent()).toEqual({ booked: 0, held: 6 });
});
