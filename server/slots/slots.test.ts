import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SLOT_MESSAGES } from '../../common/slots.ts';
import { meetings, outbox, slots } from '../../db/schema.ts';
import {
  bookAs,
  createTestApp,
  insertCompany,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SLOT_FIELDS = `id startsAt endsAt timeZone date time durationMinutes meetingType publicCategories subjects
  maxParticipants seatsTaken seatsLeft state speaker { name firstname email phone role } description videoLink`;
const CREATE = `mutation ($input: SlotInput!) { createSlot(input: $input) { ${SLOT_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: SlotInput!) { updateSlot(id: $id, input: $input) { ${SLOT_FIELDS} } }`;
const DELETE = 'mutation ($id: ID!) { deleteSlot(id: $id) }';
const DUPLICATE = `mutation ($id: ID!, $dates: [String!]!) { duplicateSlot(id: $id, dates: $dates) { ${SLOT_FIELDS} } }`;
const MY_SLOTS = `query ($period: Period) { mySlots(period: $period) { id date time state } }`;

const slotInput = (overrides: Record<string, unknown> = {}) => ({
  date: '2026-03-20',
  time: '09:00',
  durationMinutes: 90,
  meetingType: 'CompanyVisit',
  publicCategories: ['highSchool', 'jobSeekers'],
  subjects: ['discoverJobs'],
  maxParticipants: 24,
  speaker: {
    name: 'Durand',
    firstname: 'Léa',
    email: 'lea.durand@example.fr',
    phone: '06 12 34 56 78',
    role: 'Responsable des ateliers',
  },
  description: 'Visite des ateliers de soudure.',
  ...overrides,
});

let t: TestApp;
let company: Awaited<ReturnType<typeof insertCompany>>;
let recruiterToken: string;

beforeEach(async () => {
  t = await createTestApp({ now: TEST_NOW });
  company = await insertCompany(t.db, { phone: '0478000000' });
  const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: company.id });
  recruiterToken = await loginAs(t.db, recruiter.id);
});
afterEach(() => t.close());

async function bookedTeacher(slotId: number, participantsCount: number) {
  const teacher = await insertUser(t.db, { kind: 'teacher' });
  await bookAs(
    t.db,
    { teacherId: teacher.id, slotId, participantsCount, publicCategory: 'highSchool', acceptCharter: true },
    TEST_NOW,
  );
  return teacher;
}

describe('createSlot', () => {
  it('creates a slot typed in the company’s zone, free, with every field', async () => {
    const { data, errors } = await t.graphql(CREATE, { input: slotInput() }, { token: recruiterToken });
    expect(errors).toBeUndefined();
    expect(data?.createSlot).toMatchObject({
      startsAt: '2026-03-20T08:00:00.000Z',
      endsAt: '2026-03-20T09:30:00.000Z',
      timeZone: 'Europe/Paris',
      date: '2026-03-20',
      time: '09:00',
      durationMinutes: 90,
      maxParticipants: 24,
      seatsTaken: 0,
      seatsLeft: 24,
      state: 'free',
      speaker: { phone: '0612345678', role: 'Responsable des ateliers' },
      videoLink: null,
    });
  });

  it('keeps 09:00 in La Réunion for a Réunion company, whoever reads it', async () => {
    const reunion = await insertCompany(t.db, { departmentCode: '974', zipcode: '97420', city: 'Le Port' });
    const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: reunion.id });
    const { data } = await t.graphql(
      CREATE,
      { input: slotInput() },
      { token: await loginAs(t.db, recruiter.id) },
    );
    const created = data?.createSlot as { id: string; startsAt: string; timeZone: string; time: string };
    // Réunion is UTC+4 all year: 09:00 there is 05:00 UTC.
    expect(created).toMatchObject({
      startsAt: '2026-03-20T05:00:00.000Z',
      timeZone: 'Indian/Reunion',
      time: '09:00',
    });

    const teacher = await insertUser(t.db, { kind: 'teacher' });
    const read = await t.graphql<{ slot: { date: string; time: string; timeZone: string } }>(
      'query ($id: ID!) { slot(id: $id) { date time timeZone } }',
      { id: created.id },
      { token: await loginAs(t.db, teacher.id) },
    );
    expect(read.data?.slot).toEqual({ date: '2026-03-20', time: '09:00', timeZone: 'Indian/Reunion' });
  });

  it('says what is wrong with each field, in French, and writes nothing', async () => {
    const { errors } = await t.graphql(
      CREATE,
      {
        input: slotInput({
          date: '',
          time: '23:30',
          durationMinutes: 50,
          publicCategories: [],
          maxParticipants: 0,
          speaker: { name: '', firstname: 'Léa', email: 'pas-un-email', phone: '12345', role: '' },
          meetingType: 'Webinar',
          videoLink: 'visio.example',
        }),
      },
      { token: recruiterToken },
    );
    expect(errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: {
        date: 'Ce champ est requis',
        time: SLOT_MESSAGES.timeRange,
        durationMinutes: SLOT_MESSAGES.chooseDuration,
        publicCategories: SLOT_MESSAGES.chooseCategory,
        maxParticipants: 'La valeur doit être au moins 1',
        'speaker.name': 'Ce champ est requis',
        'speaker.email': 'L’adresse e-mail est invalide',
        'speaker.phone': 'Le numéro doit être au format 0XXXXXXXXX',
        'speaker.role': 'Ce champ est requis',
        videoLink: SLOT_MESSAGES.invalidVideoLink,
      },
    });
    expect(await t.db.select().from(slots)).toEqual([]);
  });

  it('refuses a slot in the past', async () => {
    const { errors } = await t.graphql(
      CREATE,
      { input: slotInput({ date: '2026-03-10', time: '09:30' }) },
      { token: recruiterToken },
    );
    expect(errors?.[0]?.extensions).toMatchObject({ fields: { date: SLOT_MESSAGES.pastSlot } });
  });

  it('keeps the external link of a webinar only', async () => {
    const webinar = await t.graphql<{ createSlot: { videoLink: string } }>(
      CREATE,
      { input: slotInput({ meetingType: 'Webinar', videoLink: 'https://visio.example/salle' }) },
      { token: recruiterToken },
    );
    expect(webinar.data?.createSlot.videoLink).toBe('https://visio.example/salle');
    const visit = await t.graphql<{ createSlot: { videoLink: string | null } }>(
      CREATE,
      { input: slotInput({ videoLink: 'https://visio.example/salle' }) },
      { token: recruiterToken },
    );
    expect(visit.data?.createSlot.videoLink).toBeNull();
  });
});

describe('updateSlot', () => {
  it('refuses a capacity below the seats booked, with the number booked', async () => {
    const slot = await insertSlot(t.db, company.id, new Date('2026-03-20T08:00:00Z'), {
      maxParticipants: 20,
    });
    await bookedTeacher(slot.id, 12);
    const { errors } = await t.graphql(
      UPDATE,
      {
        id: slot.id,
        input: slotInput({ date: '2026-03-20', time: '09:00', durationMinutes: 60, maxParticipants: 10 }),
      },
      { token: recruiterToken },
    );
    expect(errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { maxParticipants: SLOT_MESSAGES.capacityBelowBooked(12) },
    });
    const [kept] = await t.db.select().from(slots).where(eq(slots.id, slot.id));
    expect(kept?.maxParticipants).toBe(20);
  });

  it('edits the details of a booked slot without postponing its meetings', async () => {
    const slot = await insertSlot(t.db, company.id, new Date('2026-03-20T08:00:00Z'));
    await bookedTeacher(slot.id, 5);
    const { data } = await t.graphql<{ updateSlot: { maxParticipants: number; state: string } }>(
      UPDATE,
      { id: slot.id, input: slotInput({ durationMinutes: 60, maxParticipants: 5 }) },
      { token: recruiterToken },
    );
    expect(data?.updateSlot).toEqual(expect.objectContaining({ maxParticipants: 5, state: 'reserved' }));
    expect((await t.db.select().from(meetings)).map((m) => m.status)).toEqual(['confirmed']);
  });

  it('moving a booked slot postpones its meetings and tells both sides, with the updated invitation', async () => {
    const slot = await insertSlot(t.db, company.id, new Date('2026-03-20T08:00:00Z'));
    const teacher = await bookedTeacher(slot.id, 5);
    const { errors } = await t.graphql(
      UPDATE,
      { id: slot.id, input: slotInput({ date: '2026-03-27', time: '14:00', durationMinutes: 60 }) },
      { token: recruiterToken },
    );
    expect(errors).toBeUndefined();
    expect((await t.db.select().from(meetings)).map((m) => m.status)).toEqual(['reported']);

    const moved = (await t.db.select().from(outbox)).filter((row) => row.payload.template === 'meetingMoved');
    expect(moved.map((row) => row.payload.to).sort()).toContain(teacher.email);
    expect(moved).toHaveLength(2);
    const toTeacher = moved.find((row) => row.payload.to === teacher.email)?.payload.data as Record<
      string,
      unknown
    >;
    expect(toTeacher).toMatchObject({
      audience: 'teacher',
      previousStartsAt: '2026-03-20T08:00:00.000Z',
      startsAt: '2026-03-27T13:00:00.000Z',
      calendar: { startsAt: '2026-03-27T13:00:00.000Z', endsAt: '2026-03-27T14:00:00.000Z' },
    });
  });

  it('keeps the wall-clock time across the spring change in Paris', async () => {
    // 29 March 2026: Paris goes from UTC+1 to UTC+2.
    const before = await t.graphql<{ createSlot: { id: string; startsAt: string } }>(
      CREATE,
      { input: slotInput({ date: '2026-03-28', time: '10:00' }) },
      { token: recruiterToken },
    );
    expect(before.data?.createSlot.startsAt).toBe('2026-03-28T09:00:00.000Z');
    const after = await t.graphql<{ updateSlot: { startsAt: string; time: string } }>(
      UPDATE,
      { id: before.data?.createSlot.id, input: slotInput({ date: '2026-03-30', time: '10:00' }) },
      { token: recruiterToken },
    );
    expect(after.data?.updateSlot).toMatchObject({ startsAt: '2026-03-30T08:00:00.000Z', time: '10:00' });
  });

  it('refuses to edit a slot that has started', async () => {
    const slot = await insertSlot(t.db, company.id, new Date('2026-03-10T08:30:00Z'));
    const { errors } = await t.graphql(
      UPDATE,
      { id: slot.id, input: slotInput() },
      { token: recruiterToken },
    );
    expect(errors?.[0]?.extensions).toMatchObject({ fields: { date: SLOT_MESSAGES.pastSlotLocked } });
  });
});

describe('duplicateSlot', () => {
  it('copies a slot weekly at the same wall-clock time, across the DST change, free and in one series', async () => {
    const slot = await insertSlot(t.db, company.id, new Date('2026-03-24T09:00:00Z'), {
      maxParticipants: 12,
    });
    await bookedTeacher(slot.id, 4);
    const { data } = await t.graphql<{
      duplicateSlot: { date: string; time: string; startsAt: string; seatsTaken: number }[];
    }>(
      DUPLICATE,
      { id: slot.id, dates: ['2026-04-07', '2026-03-31', '2026-03-31'] },
      { token: recruiterToken },
    );
    expect(data?.duplicateSlot).toEqual([
      expect.objectContaining({
        date: '2026-03-31',
        time: '10:00',
        startsAt: '2026-03-31T08:00:00.000Z',
        seatsTaken: 0,
      }),
      expect.objectContaining({
        date: '2026-04-07',
        time: '10:00',
        startsAt: '2026-04-07T08:00:00.000Z',
        seatsTaken: 0,
      }),
    ]);
    const series = await t.db.select({ seriesId: slots.seriesId }).from(slots);
    expect(new Set(series.map((s) => s.seriesId))).toEqual(new Set([slot.id]));
  });

  it('creates nothing when one date is past', async () => {
    const slot = await insertSlot(t.db, company.id, new Date('2026-03-24T09:00:00Z'));
    const { errors } = await t.graphql(
      DUPLICATE,
      { id: slot.id, dates: ['2026-03-31', '2026-03-01'] },
      { token: recruiterToken },
    );
    expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await t.db.select().from(slots)).toHaveLength(1);
  });
});

describe('deleteSlot', () => {
  it('cancels the bookings, tells both sides, and keeps the booked slot closed in the history', async () => {
    const slot = await insertSlot(t.db, company.id, new Date('2026-03-20T08:00:00Z'));
    const teacher = await bookedTeacher(slot.id, 5);
    const { data } = await t.graphql(DELETE, { id: slot.id }, { token: recruiterToken });
    expect(data?.deleteSlot).toBe(true);

    const [meeting] = await t.db.select().from(meetings);
    expect(meeting).toMatchObject({
      status: 'cancelled',
      cancelReason: 'L’entreprise a supprimé ce créneau',
    });
    const [closed] = await t.db.select().from(slots);
    expect(closed).toMatchObject({ maxParticipants: 0, seatsTaken: 0 });
    expect(closed?.deletedAt).toEqual(TEST_NOW);
    const cancelled = (await t.db.select().from(outbox)).filter(
      (row) => row.payload.template === 'meetingCancelled',
    );
    expect(cancelled.map((row) => row.payload.to)).toContain(teacher.email);
    expect(cancelled).toHaveLength(2);

    const listed = await t.graphql<{ mySlots: unknown[] }>(MY_SLOTS, {}, { token: recruiterToken });
    expect(listed.data?.mySlots).toEqual([]);
  });

  it('closes a slot never booked as any other: gone from the lists, no seat, kept as a deleted row', async () => {
    const slot = await insertSlot(t.db, company.id, new Date('2026-03-20T08:00:00Z'));
    await t.graphql(DELETE, { id: slot.id }, { token: recruiterToken });
    expect(await t.db.select().from(slots)).toEqual([
      expect.objectContaining({ id: slot.id, deletedAt: TEST_NOW, maxParticipants: 0, seatsTaken: 0 }),
    ]);
    const { data } = await t.graphql<{ mySlots: unknown[] }>(MY_SLOTS, {}, { token: recruiterToken });
    expect(data?.mySlots).toEqual([]);
  });
});

describe('mySlots', () => {
  it('lists upcoming slots soonest first and past ones latest first, with their state', async () => {
    await insertSlot(t.db, company.id, new Date('2026-03-25T08:00:00Z'));
    const full = await insertSlot(t.db, company.id, new Date('2026-03-15T08:00:00Z'), { maxParticipants: 3 });
    await bookedTeacher(full.id, 3);
    await insertSlot(t.db, company.id, new Date('2026-03-01T08:00:00Z'));
    await insertSlot(t.db, company.id, new Date('2026-02-01T08:00:00Z'));
    const other = await insertCompany(t.db);
    await insertSlot(t.db, other.id, new Date('2026-03-16T08:00:00Z'));

    const upcoming = await t.graphql<{ mySlots: { date: string; state: string }[] }>(
      MY_SLOTS,
      {},
      { token: recruiterToken },
    );
    expect(upcoming.data?.mySlots.map((s) => [s.date, s.state])).toEqual([
      ['2026-03-15', 'reserved'],
      ['2026-03-25', 'free'],
    ]);
    const past = await t.graphql<{ mySlots: { date: string }[] }>(
      MY_SLOTS,
      { period: 'past' },
      { token: recruiterToken },
    );
    expect(past.data?.mySlots.map((s) => s.date)).toEqual(['2026-03-01', '2026-02-01']);
  });
});

describe('a webinar’s external link (issue 9)', () => {
  it('is for its company, the operators and the teachers booked on it; null for other teachers', async () => {
    const webinar = await insertSlot(t.db, company.id, new Date('2026-03-20T08:00:00Z'), {
      meetingType: 'Webinar',
      videoLink: 'https://visio.example.fr/salle-secrete',
    });
    const booked = await bookedTeacher(webinar.id, 2);
    const other = await insertUser(t.db, { kind: 'teacher' });
    const admin = await insertUser(t.db, { kind: 'admin' });
    const linkAs = async (token: string) =>
      (
        await t.graphql<{ slot: { videoLink: string | null } }>(
          'query ($id: ID!) { slot(id: $id) { videoLink } }',
          { id: webinar.id },
          { token },
        )
      ).data?.slot.videoLink;
    expect(await linkAs(await loginAs(t.db, other.id))).toBeNull();
    expect(await linkAs(await loginAs(t.db, booked.id))).toBe('https://visio.example.fr/salle-secrete');
    expect(await linkAs(recruiterToken)).toBe('https://visio.example.fr/salle-secrete');
    expect(await linkAs(await loginAs(t.db, admin.id))).toBe('https://visio.example.fr/salle-secrete');
  });
});
