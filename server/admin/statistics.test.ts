/**
 * The operators' statistics (issue 13; definitions in docs/decisions/0034): each number on a small world
 * whose answer is counted by hand, the area rule, the period's months in Europe/Paris, the refusals; and the
 * indexed queries held to the definitions on a random world.
 */

import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { statisticsFormSchema } from '../../common/statistics.ts';
import type { Db } from '../../db/client.ts';
import { feedback, meetings, searchMisses } from '../../db/schema.ts';
import { createRng } from '../../db/seed/prng.ts';
import {
  createTestApp,
  insertCompany,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { monthsOf, periodOf, statistics, statisticsPage } from './statistics.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso);
const operator = (regionCode: string | null): Viewer => ({
  id: 1,
  kind: 'admin',
  companyId: null,
  firstName: 'Opé',
  lastName: 'Rateur',
  sessionId: 'test',
  regionCode,
});
const NATIONAL = operator(null);
/** Auvergne-Rhône-Alpes: the Rhône (69), not Paris (75) nor La Réunion (974). */
const RHONE_ALPES = operator('06');

/** December 2025 to March 2026 as the page's form sends it: the days of Paris, the last one included. */
const PERIOD = statisticsFormSchema.parse({ du: '2025-12-01', au: '2026-03-31' });

async function insertMeeting(
  db: Db,
  slotId: number,
  teacherId: number,
  values: { participants: number; createdAt: Date; cancelledAt?: Date },
) {
  await db.insert(meetings).values({
    slotId,
    teacherId,
    participantsCount: values.participants,
    publicCategory: 'highSchool',
    charterAcceptedAt: values.createdAt,
    createdAt: values.createdAt,
    status: values.cancelledAt ? 'cancelled' : 'confirmed',
    cancelledAt: values.cancelledAt ?? null,
  });
}

describe('statistics', () => {
  let t: TestApp;

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  /** Three companies in three regions, their slots and bookings, counted by hand in each test. */
  async function world() {
    const db = t.db;
    const lyon = await insertCompany(db, {
      name: 'Forges de Lyon',
      sector: 'metallurgy',
      departmentCode: '69',
    });
    const paris = await insertCompany(db, {
      name: 'Ailes de Paris',
      sector: 'aerospace',
      departmentCode: '75',
      zipcode: '75011',
    });
    const reunion = await insertCompany(db, {
      name: 'Chantier naval du Port',
      sector: 'naval',
      departmentCode: '974',
      zipcode: '97420',
    });
    const [t1, t2, t3] = await Promise.all(
      ['a', 'b', 'c'].map((name) => insertUser(db, { kind: 'teacher', email: `prof.${name}@lycee.fr` })),
    );
    if (!t1 || !t2 || !t3) throw new Error('teachers not inserted');

    // Held in February; booked at 00:30 on 1 February in Paris (still January in UTC); a booking cancelled
    // 20 hours before the start (late).
    const s1 = await insertSlot(db, lyon.id, at('2026-02-10T08:00:00Z'), {
      maxParticipants: 20,
      seatsTaken: 12,
    });
    await insertMeeting(db, s1.id, t1.id, { participants: 12, createdAt: at('2026-01-31T23:30:00Z') });
    await insertMeeting(db, s1.id, t2.id, {
      participants: 5,
      createdAt: at('2026-01-20T10:00:00Z'),
      cancelledAt: at('2026-02-09T12:00:00Z'),
    });
    // Held in January; a booking cancelled weeks before (not late).
    const s2 = await insertSlot(db, lyon.id, at('2026-01-15T13:00:00Z'), {
      meetingType: 'ClassroomIntervention',
      maxParticipants: 30,
      seatsTaken: 25,
    });
    await insertMeeting(db, s2.id, t1.id, { participants: 25, createdAt: at('2025-12-01T10:00:00Z') });
    await insertMeeting(db, s2.id, t3.id, {
      participants: 3,
      createdAt: at('2025-12-20T10:00:00Z'),
      cancelledAt: at('2026-01-05T10:00:00Z'),
    });
    // Paris: a webinar held in February.
    const s3 = await insertSlot(db, paris.id, at('2026-02-20T09:00:00Z'), {
      meetingType: 'Webinar',
      maxParticipants: 10,
      seatsTaken: 4,
    });
    await insertMeeting(db, s3.id, t2.id, { participants: 4, createdAt: at('2026-02-02T10:00:00Z') });
    // To come: a booking of March, not held.
    const s4 = await insertSlot(db, lyon.id, at('2026-03-20T09:00:00Z'), {
      maxParticipants: 20,
      seatsTaken: 6,
    });
    await insertMeeting(db, s4.id, t3.id, { participants: 6, createdAt: at('2026-03-09T10:00:00Z') });
    // Deleted by its company, its booking cancelled then: no seat offered, one cancellation (not late).
    const s5 = await insertSlot(db, lyon.id, at('2026-02-05T08:00:00Z'), {
      maxParticipants: 15,
      deletedAt: at('2026-02-01T10:00:00Z'),
    });
    await insertMeeting(db, s5.id, t2.id, {
      participants: 7,
      createdAt: at('2026-01-10T10:00:00Z'),
      cancelledAt: at('2026-02-01T10:00:00Z'),
    });
    // La Réunion: booked at 23:30 on 31 January in Paris (already 1 February on the island): January.
    const s6 = await insertSlot(db, reunion.id, at('2026-02-27T06:00:00Z'), {
      timeZone: 'Indian/Reunion',
      durationMinutes: 90,
      maxParticipants: 8,
      seatsTaken: 8,
    });
    await insertMeeting(db, s6.id, t1.id, { participants: 8, createdAt: at('2026-01-31T22:30:00Z') });
    // Paris: a slot nobody booked, its seats offered all the same.
    await insertSlot(db, paris.id, at('2026-01-08T09:00:00Z'), { maxParticipants: 20 });

    await db.insert(searchMisses).values([
      { day: '2025-11-30', departmentCode: '69', count: 5 },
      { day: '2025-12-01', departmentCode: '69', count: 2 },
      { day: '2026-02-15', departmentCode: '974', count: 1 },
      { day: '2026-03-10', departmentCode: '75', count: 3 },
      { day: '2026-04-01', departmentCode: '69', count: 9 },
    ]);
  }

  it('counts the groups absent apart from the meetings held, and the questionnaires’ averages of those meetings', async () => {
    await world();
    const held = async (participants: number) => {
      const [row] = await t.db
        .select({ id: meetings.id })
        .from(meetings)
        .where(eq(meetings.participantsCount, participants));
      return row?.id ?? 0;
    };
    // Lyon's February visit: its group did not come; the intervention (25) and Paris' webinar (4) answered.
    await t.db
      .update(meetings)
      .set({ absentAt: at('2026-02-10T12:00:00Z') })
      .where(eq(meetings.id, await held(12)));
    await t.db.insert(feedback).values([
      { meetingId: await held(25), organisation: 4, matching: 3, engagement: 4 },
      { meetingId: await held(4), organisation: 2, matching: 3, engagement: 3 },
      // A meeting still to come has no answer in the period's numbers, even if one were there.
      { meetingId: await held(6), organisation: 1, matching: 1, engagement: 1 },
    ]);
    const france = await statistics(NATIONAL, PERIOD, t.deps);
    // An absent group's meeting is not held (common/slots.ts meetingHeld): its pupils reached no one.
    expect({ held: france.meetingsHeld, pupils: france.pupilsReached }).toEqual({
      held: 3,
      pupils: 25 + 4 + 8,
    });
    expect(france.byMeetingType.reduce((n, type) => n + type.meetingsHeld, 0)).toBe(3);
    expect({ noShows: france.noShows, rate: france.noShowRate }).toEqual({ noShows: 1, rate: 1 / 4 });
    expect(france.satisfactionAnswers).toBe(2);
    expect(france.satisfaction).toEqual({ organisation: 3, matching: 3, engagement: 3.5 });
    // The region sees its own: Lyon's only.
    const region = await statistics(RHONE_ALPES, PERIOD, t.deps);
    expect({ noShows: region.noShows, rate: region.noShowRate }).toEqual({ noShows: 1, rate: 1 / 2 });
    expect(region.satisfaction).toEqual({ organisation: 4, matching: 3, engagement: 4 });
  });

  it('counts bookings, meetings held, participants, fill and late cancellations for all of France', async () => {
    await world();
    const s = await statistics(NATIONAL, PERIOD, t.deps);
    expect(s.from).toEqual(at('2025-11-30T23:00:00Z'));
    expect(s.to).toEqual(at('2026-03-31T22:00:00Z'));
    expect(s.bookings).toBe(8);
    expect(s.bookingsPerMonth).toEqual([
      { month: '2025-12', count: 2 },
      { month: '2026-01', count: 3 },
      { month: '2026-02', count: 2 },
      { month: '2026-03', count: 1 },
    ]);
    expect(s.meetingsHeld).toBe(4);
    expect(s.pupilsReached).toBe(12 + 25 + 4 + 8);
    expect(s.meetingsHeldPerMonth).toEqual([
      { month: '2025-12', count: 0 },
      { month: '2026-01', count: 1 },
      { month: '2026-02', count: 3 },
      { month: '2026-03', count: 0 },
    ]);
    expect({ offered: s.seatsOffered, taken: s.seatsTaken }).toEqual({
      offered: 20 + 30 + 10 + 8 + 20,
      taken: 49,
    });
    expect(s.fillRate).toBeCloseTo(49 / 88, 10);
    expect({ cancellations: s.cancellations, late: s.lateCancellations }).toEqual({
      cancellations: 3,
      late: 1,
    });
    expect(s.lateCancellationRate).toBeCloseTo(1 / 7, 10);
    expect(s.bySector).toEqual([
      { key: 'metallurgy', label: 'Métallurgie', meetingsHeld: 2, pupilsReached: 37 },
      { key: 'aerospace', label: 'Aéronautique et spatial', meetingsHeld: 1, pupilsReached: 4 },
      { key: 'naval', label: 'Naval', meetingsHeld: 1, pupilsReached: 8 },
    ]);
    expect(s.byDepartment).toEqual([
      { key: '69', label: 'Rhône', meetingsHeld: 2, pupilsReached: 37 },
      { key: '75', label: 'Paris', meetingsHeld: 1, pupilsReached: 4 },
      { key: '974', label: 'La Réunion', meetingsHeld: 1, pupilsReached: 8 },
    ]);
    expect(s.byMeetingType).toEqual([
      { key: 'CompanyVisit', label: 'Visite', meetingsHeld: 2, pupilsReached: 20 },
      { key: 'ClassroomIntervention', label: 'Intervention', meetingsHeld: 1, pupilsReached: 25 },
      { key: 'Webinar', label: 'Webinaire', meetingsHeld: 1, pupilsReached: 4 },
    ]);
    // The days of Paris from 1 December to 31 March included: not 30 November, nor 1 April.
    expect(s.unmetDemand).toEqual([
      { departmentCode: '75', departmentName: 'Paris', searches: 3 },
      { departmentCode: '69', departmentName: 'Rhône', searches: 2 },
      { departmentCode: '974', departmentName: 'La Réunion', searches: 1 },
    ]);
  });

  it('gives a regional operator their region only, and one department to whoever it belongs to', async () => {
    await world();
    const region = await statistics(RHONE_ALPES, PERIOD, t.deps);
    expect(region).toMatchObject({
      bookings: 6,
      meetingsHeld: 2,
      pupilsReached: 37,
      seatsOffered: 50,
      seatsTaken: 37,
      cancellations: 3,
      lateCancellations: 1,
    });
    expect(region.byDepartment.map((group) => group.key)).toEqual(['69']);
    expect(region.bySector.map((group) => group.key)).toEqual(['metallurgy']);
    expect(region.unmetDemand).toEqual([{ departmentCode: '69', departmentName: 'Rhône', searches: 2 }]);
    expect(region.bookingsPerMonth.map((m) => m.count)).toEqual([2, 2, 1, 1]);

    const reunion = await statistics(NATIONAL, { ...PERIOD, departmentCode: '974' }, t.deps);
    expect(reunion).toMatchObject({ bookings: 1, meetingsHeld: 1, pupilsReached: 8, seatsOffered: 8 });
    expect(reunion.bookingsPerMonth.map((m) => m.count)).toEqual([0, 1, 0, 0]);
  });

  it('refuses, on its field, a department of another region or one that does not exist', async () => {
    await world();
    await expect(statistics(RHONE_ALPES, { ...PERIOD, departmentCode: '75' }, t.deps)).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      extensions: { fields: { departmentCode: 'Ce département n’est pas dans votre région' } },
    });
    await expect(statistics(NATIONAL, { departmentCode: '99' }, t.deps)).rejects.toMatchObject({
      extensions: { fields: { departmentCode: 'Ce département n’existe pas' } },
    });
    await expect(
      statistics(NATIONAL, { from: at('2026-03-01T00:00:00Z'), to: at('2026-02-01T00:00:00Z') }, t.deps),
    ).rejects.toMatchObject({ extensions: { fields: { to: 'La fin de la période doit suivre son début' } } });
    // A start given alone, after now: the period would end before it starts.
    await expect(statistics(NATIONAL, { from: at('2026-06-01T00:00:00Z') }, t.deps)).rejects.toMatchObject({
      extensions: { fields: { to: 'La fin de la période doit suivre son début' } },
    });
    await expect(statistics(NATIONAL, { from: at('1990-01-01T00:00:00Z') }, t.deps)).rejects.toMatchObject({
      extensions: { fields: { from: 'La période ne peut pas dépasser 10 ans' } },
    });
  });

  it('answers the page with the refusal under the form’s field, and no numbers', async () => {
    await world();
    const refused = await statisticsPage(RHONE_ALPES, { ...PERIOD, departmentCode: '75' }, t.deps);
    expect(refused).toMatchObject({
      statistics: null,
      fieldErrors: { departement: 'Ce département n’est pas dans votre région' },
    });
    expect(refused.area.regionName).toBe('Auvergne-Rhône-Alpes');
    expect(refused.area.departments.map((d) => d.code)).toEqual([
      '01',
      '03',
      '07',
      '15',
      '26',
      '38',
      '42',
      '43',
      '63',
      '69',
      '73',
      '74',
    ]);

    const shown = await statisticsPage(NATIONAL, PERIOD, t.deps);
    expect(shown.form).toEqual({ du: '2025-12-01', au: '2026-03-31', departement: '' });
    expect(shown.area.departments).toHaveLength(101);
    expect(shown.area.regionName).toBeNull();
  });

  it('by default covers this month of Paris and the eleven before, up to now', async () => {
    const { from, to } = periodOf({}, TEST_NOW);
    // 1 April 2025 at midnight in Paris, summer time.
    expect(from).toEqual(at('2025-03-31T22:00:00Z'));
    expect(to).toEqual(TEST_NOW);
    const months = monthsOf(from, to);
    expect(months.map((m) => m.month)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ]);
    // Each month starts at midnight in Paris (winter time from November), the last one ends now.
    expect(months[7]).toEqual({
      month: '2025-11',
      start: at('2025-10-31T23:00:00Z'),
      end: at('2025-11-30T23:00:00Z'),
    });
    expect(months.at(-1)?.end).toEqual(TEST_NOW);
  });

  it('is the API’s statistics query, with French labels, for operators only', async () => {
    await world();
    const admin = await insertUser(t.db, { kind: 'admin', email: 'ops@passerelle.fr' });
    const other = await insertUser(t.db, { kind: 'admin', email: 'cst@idf.fr', operatorRegion: '13' });
    const query = `query ($from: DateTime, $to: DateTime, $departmentCode: String) {
      statistics(from: $from, to: $to, departmentCode: $departmentCode) {
        bookings meetingsHeld fillRate lateCancellationRate
        bookingsPerMonth { month count }
        bySector { key label meetingsHeld }
        unmetDemand { departmentCode departmentName searches }
      }
    }`;
    const variables = { from: PERIOD.from?.toISOString(), to: PERIOD.to?.toISOString() };
    const answer = await t.graphql<{ statistics: Record<string, unknown> }>(query, variables, {
      token: await loginAs(t.db, admin.id),
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data?.statistics).toMatchObject({
      bookings: 8,
      meetingsHeld: 4,
      bySector: expect.arrayContaining([{ key: 'naval', label: 'Naval', meetingsHeld: 1 }]),
      unmetDemand: expect.arrayContaining([
        { departmentCode: '974', departmentName: 'La Réunion', searches: 1 },
      ]),
    });
    const refused = await t.graphql(
      query,
      { ...variables, departmentCode: '69' },
      {
        token: await loginAs(t.db, other.id),
      },
    );
    expect(refused.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { departmentCode: 'Ce département n’est pas dans votre région' },
    });
    // The largest DateTime there is, a real instant: outside the years the page offers, said on its field.
    const farAway = await t.graphql(
      query,
      { to: '+275760-09-13T00:00:00.000Z' },
      { token: await loginAs(t.db, admin.id) },
    );
    expect(farAway.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { to: 'Choisissez une date entre 2000 et 2100' },
    });
  });

  it('agrees with the definitions, counted row by row, on a random world', async () => {
    const rng = createRng('statistics/random');
    const departmentsUsed = ['69', '01', '75', '974', '13'];
    const companies = [];
    for (let i = 0; i < 12; i++) {
      const departmentCode = rng.pick(departmentsUsed);
      companies.push(
        await insertCompany(t.db, {
          departmentCode,
          sector: rng.pick(['naval', 'rail', 'mechanics'] as const),
        }),
      );
    }
    const teachers = [];
    for (let i = 0; i < 6; i++) teachers.push(await insertUser(t.db, { kind: 'teacher' }));
    interface Row {
      departmentCode: string;
      sector: string;
      type: string;
      startsAt: number;
      endsAt: number;
      createdAt: number;
      participants: number;
      cancelledAt: number | null;
      deleted: boolean;
    }
    const rows: Row[] = [];
    const slotRows: {
      departmentCode: string;
      endsAt: number;
      max: number;
      taken: number;
      deleted: boolean;
    }[] = [];
    const start = at('2025-06-01T00:00:00Z').getTime();
    for (let i = 0; i < 120; i++) {
      const company = rng.pick(companies);
      const startsAt = start + rng.int(0, 330 * 24) * HOUR;
      const type = rng.pick(['CompanyVisit', 'ClassroomIntervention', 'Webinar'] as const);
      const deleted = rng.chance(0.1);
      const max = rng.int(5, 30);
      const bookings = [];
      for (const teacher of rng.sample(teachers, rng.int(0, 3))) {
        const cancelled = deleted || rng.chance(0.25);
        const createdAt = startsAt - rng.int(50, 30 * 24) * HOUR;
        bookings.push({
          teacher,
          participants: rng.int(1, 5),
          createdAt,
          cancelledAt: cancelled ? startsAt - rng.int(1, 49) * HOUR : null,
        });
      }
      const taken = bookings.filter((b) => !b.cancelledAt).reduce((sum, b) => sum + b.participants, 0);
      const slot = await insertSlot(t.db, company.id, new Date(startsAt), {
        meetingType: type,
        maxParticipants: max,
        seatsTaken: taken,
        deletedAt: deleted ? new Date(startsAt - HOUR) : null,
      });
      slotRows.push({
        departmentCode: company.departmentCode ?? '',
        endsAt: slot.endsAt.getTime(),
        max,
        taken,
        deleted,
      });
      for (const b of bookings) {
        await insertMeeting(t.db, slot.id, b.teacher.id, {
          participants: b.participants,
          createdAt: new Date(b.createdAt),
          ...(b.cancelledAt ? { cancelledAt: new Date(b.cancelledAt) } : {}),
        });
        rows.push({
          departmentCode: company.departmentCode ?? '',
          sector: company.sector,
          type,
          startsAt,
          endsAt: slot.endsAt.getTime(),
          createdAt: b.createdAt,
          participants: b.participants,
          cancelledAt: b.cancelledAt,
          deleted,
        });
      }
    }

    const areas: [Viewer, string[]][] = [
      [NATIONAL, departmentsUsed],
      [RHONE_ALPES, ['69', '01']],
    ];
    for (const [viewer, area] of areas) {
      const input = statisticsFormSchema.parse({ du: '2025-09-01', au: '2026-02-14' });
      const s = await statistics(viewer, input, t.deps);
      const from = s.from.getTime();
      const to = s.to.getTime();
      const heldUntil = Math.min(to, TEST_NOW.getTime());
      const mine = rows.filter((r) => area.includes(r.departmentCode));
      const held = mine.filter((r) => !r.cancelledAt && r.endsAt >= from && r.endsAt < heldUntil);
      const due = mine.filter((r) => r.endsAt >= from && r.endsAt < heldUntil);
      const cancelled = due.filter((r) => r.cancelledAt);
      const late = cancelled.filter((r) => (r.cancelledAt ?? 0) > r.startsAt - 48 * HOUR);
      const slotsHeld = slotRows.filter(
        (r) => area.includes(r.departmentCode) && !r.deleted && r.endsAt >= from && r.endsAt < heldUntil,
      );
      const monthOf = (instant: number) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit' })
          .format(instant)
          .slice(0, 7);
      const count = (list: Row[], key: (r: Row) => string) => {
        const counts = new Map<string, number>();
        for (const r of list) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
        return counts;
      };
      const booked = mine.filter((r) => r.createdAt >= from && r.createdAt < to);
      const bookedByMonth = count(booked, (r) => monthOf(r.createdAt));
      const heldByMonth = count(held, (r) => monthOf(r.endsAt));
      expect(s.bookings).toBe(booked.length);
      expect(s.bookingsPerMonth).toEqual(
        s.bookingsPerMonth.map(({ month }) => ({ month, count: bookedByMonth.get(month) ?? 0 })),
      );
      expect(s.meetingsHeldPerMonth).toEqual(
        s.meetingsHeldPerMonth.map(({ month }) => ({ month, count: heldByMonth.get(month) ?? 0 })),
      );
      expect(s.meetingsHeld).toBe(held.length);
      expect(s.pupilsReached).toBe(held.reduce((sum, r) => sum + r.participants, 0));
      expect(s.cancellations).toBe(cancelled.length);
      expect(s.lateCancellations).toBe(late.length);
      expect(s.seatsOffered).toBe(slotsHeld.reduce((sum, r) => sum + r.max, 0));
      expect(s.seatsTaken).toBe(slotsHeld.reduce((sum, r) => sum + r.taken, 0));
      for (const [groups, key] of [
        [s.bySector, (r: Row) => r.sector],
        [s.byDepartment, (r: Row) => r.departmentCode],
        [s.byMeetingType, (r: Row) => r.type],
      ] as const) {
        expect(new Map(groups.map((g) => [g.key, g.meetingsHeld]))).toEqual(count(held, key));
      }
      expect(held.length).toBeGreaterThan(2);
      expect(cancelled.length).toBeGreaterThan(0);
    }
  });
});
