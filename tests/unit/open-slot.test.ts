import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SlotInput } from '../../common/slots.ts';
import { departments, establishments, slots } from '../../db/schema.ts';
import { companyPage } from '../../server/company-page/index.ts';
import type { Viewer } from '../../server/kernel/viewer.ts';
import { runJob } from '../../server/main/scheduled.ts';
import { isOpenSlot } from '../../server/slots/index.ts';
import { createSlot, deleteSlot } from '../../server/slots/use-cases.ts';
import { createTestApp, insertCompany, insertSlot, insertUser, loginAs, TEST_NOW } from '../fixtures/app.ts';

/*
 * The open-slot rule (PRODUCT.md, Third wave; docs/decisions/0043) through every reader: one fixture slot
 * per disqualifier beside one open slot, each in a company of its own, made by the platform's own doors
 * where one exists. Each reader must see exactly the open one.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HOME = { lat: 45.75, lng: 4.85 };
const KINDS = ['open', 'deleted', 'started', 'full', 'pending', 'archived', 'closedDepartment'] as const;
type Kind = (typeof KINDS)[number];

let t: TestApp;
let teacherToken: string;
const companyOf = {} as Record<Kind, number>;
const slotOf = {} as Record<Kind, number>;

const slotInput = (startsIn: number): SlotInput => {
  const startsAt = new Date(TEST_NOW.getTime() + startsIn);
  const paris = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Paris',
    dateStyle: 'short',
    timeStyle: 'short',
  }).format(startsAt);
  const [date = '', time = ''] = paris.split(' ');
  return {
    date,
    time,
    durationMinutes: 60,
    meetingType: 'CompanyVisit',
    publicCategories: ['highSchool'],
    subjects: ['discoverJobs'],
    maxParticipants: 20,
    videoLink: undefined,
    place: undefined,
    speaker: {
      name: 'Durand',
      firstname: 'Léa',
      email: 'lea@forges.example',
      phone: '0612345678',
      role: 'RH',
    },
  };
};

const recruiterOf = (companyId: number, id: number): Viewer => ({
  id,
  kind: 'recruiter',
  companyId,
  firstName: 'Nadia',
  lastName: 'Martin',
  sessionId: '',
  regionCode: null,
});

async function company(kind: Kind, overrides: Parameters<typeof insertCompany>[1] = {}) {
  const row = await insertCompany(t.db, {
    name: `Entreprise ${kind}`,
    lat: HOME.lat + 0.05,
    lng: HOME.lng,
    ...overrides,
  });
  const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: row.id });
  companyOf[kind] = row.id;
  return recruiterOf(row.id, recruiter.id);
}

beforeEach(async () => {
  t = await createTestApp();
  await t.db.update(departments).set({ active: true }).where(eq(departments.code, '38'));
  const [establishment] = await t.db
    .insert(establishments)
    .values({ name: 'Lycée du Rhône', type: 'Lycée', departmentCode: '69', ...HOME })
    .returning();
  const teacher = await insertUser(t.db, {
    kind: 'teacher',
    email: 'lea@lycee.example',
    establishmentId: establishment?.id ?? null,
    sectors: ['metallurgy'],
    weeklyMail: true,
  });
  teacherToken = await loginAs(t.db, teacher.id);
  const admin = await insertUser(t.db, { kind: 'admin', email: 'admin@passerelle.example' });
  const adminToken = await loginAs(t.db, admin.id);

  for (const kind of ['open', 'deleted', 'full', 'archived'] as const) {
    slotOf[kind] = (await createSlot(await company(kind), slotInput(2 * DAY), t.deps)).id;
  }
  await company('started');
  slotOf.started = (await insertSlot(t.db, companyOf.started, new Date(TEST_NOW.getTime() - HOUR))).id;
  slotOf.pending = (
    await createSlot(await company('pending', { status: 'pending' }), slotInput(2 * DAY), t.deps)
  ).id;
  slotOf.closedDepartment = (
    await createSlot(await company('closedDepartment', { departmentCode: '38' }), slotInput(2 * DAY), t.deps)
  ).id;

  // Each made so by the platform's own doors.
  await deleteSlot(recruiterOf(companyOf.deleted, 0), { id: slotOf.deleted }, t.deps);
  const filler = await insertUser(t.db, { kind: 'teacher', email: 'plein@lycee.example' });
  const fill = await t.graphql(
    'mutation ($input: BookingInput!) { bookSlot(input: $input) { id } }',
    {
      input: {
        slotId: slotOf.full,
        participantsCount: 20,
        publicCategory: 'highSchool',
        acceptCharter: true,
      },
    },
    { token: await loginAs(t.db, filler.id) },
  );
  expect(fill.errors).toBeUndefined();
  const archived = await t.graphql(
    'mutation ($id: ID!) { archiveCompany(id: $id) { status } }',
    { id: String(companyOf.archived) },
    { token: adminToken },
  );
  expect(archived.errors).toBeUndefined();
  const closed = await t.graphql(
    'mutation { setDepartmentActive(code: "38", active: false) { active } }',
    {},
    { token: adminToken },
  );
  expect(closed.errors).toBeUndefined();
});
afterEach(() => t.close());

const onlyOpen = (seen: (kind: Kind) => boolean) =>
  expect(Object.fromEntries(KINDS.map((kind) => [kind, seen(kind)]))).toEqual(
    Object.fromEntries(KINDS.map((kind) => [kind, kind === 'open'])),
  );
const kindOfCompany = (id: string | number) => KINDS.find((kind) => companyOf[kind] === Number(id));

describe('an open slot, the same for every reader', () => {
  it('the rule itself: the predicate on each row', async () => {
    const rows = new Map((await t.db.select().from(slots)).map((row) => [row.id, row]));
    onlyOpen((kind) => {
      const row = rows.get(slotOf[kind]);
      return row !== undefined && isOpenSlot(row, TEST_NOW);
    });
  });

  it('search, its list with available slots only and its map, and each company’s count', async () => {
    const search = (withAvailableSlots: boolean) =>
      t.graphql<{
        searchCompanies: {
          items: { id: string; availableSlotsCount: number }[];
          markers: { id: string; availableSlotsCount: number }[];
        };
      }>(
        'query ($input: CompanySearchInput!) { searchCompanies(input: $input) { items { id availableSlotsCount } markers { id availableSlotsCount } } }',
        { input: { near: HOME, radiusKm: 50, withAvailableSlots, pageSize: 50 } },
        { token: teacherToken },
      );
    const available = (await search(true)).data?.searchCompanies;
    onlyOpen((kind) => available?.items.some((item) => kindOfCompany(item.id) === kind) ?? false);
    const all = (await search(false)).data?.searchCompanies;
    onlyOpen((kind) =>
      (all?.markers ?? []).some(
        (marker) => kindOfCompany(marker.id) === kind && marker.availableSlotsCount > 0,
      ),
    );
    onlyOpen((kind) =>
      (all?.items ?? []).some((item) => kindOfCompany(item.id) === kind && item.availableSlotsCount > 0),
    );
  });

  it('the teacher’s suggestions', async () => {
    const { data } = await t.graphql<{ suggestedCompanies: { id: string }[] }>(
      '{ suggestedCompanies(limit: 20) { id } }',
      {},
      { token: teacherToken },
    );
    onlyOpen((kind) => data?.suggestedCompanies.some((c) => kindOfCompany(c.id) === kind) ?? false);
  });

  it('the landing’s count and the company’s count and page, for a visitor and a teacher', async () => {
    expect((await t.graphql('{ availableSlotsCount }')).data).toEqual({ availableSlotsCount: 1 });
    const counts: Partial<Record<Kind, number>> = {};
    for (const kind of KINDS) {
      const { data } = await t.graphql<{ company: { availableSlotsCount: number } | null }>(
        'query ($id: ID!) { company(id: $id) { availableSlotsCount } }',
        { id: String(companyOf[kind]) },
      );
      counts[kind] = data?.company?.availableSlotsCount ?? 0;
    }
    onlyOpen((kind) => counts[kind] === 1);
    const teacher = await t.graphql<{ me: { id: string } }>('{ me { id } }', {}, { token: teacherToken });
    const viewer: Viewer = {
      id: Number(teacher.data?.me.id),
      kind: 'teacher',
      companyId: null,
      firstName: 'Léa',
      lastName: 'Martin',
      sessionId: '',
      regionCode: null,
    };
    const next: Partial<Record<Kind, number | null>> = {};
    for (const kind of KINDS) {
      const page = await companyPage(viewer, companyOf[kind], t.deps);
      next[kind] = page && 'nextOpenSlotId' in page.slots ? page.slots.nextOpenSlotId : null;
    }
    onlyOpen((kind) => next[kind] === slotOf[kind]);
  });

  it('the weekly alert', async () => {
    t.clock.set(new Date(TEST_NOW.getTime() + HOUR));
    await runJob('weekly-alert', t.deps, undefined, { manual: true });
    await t.deps.outbox.wake();
    const alert = t.mail.messages.find((message) => message.to === 'lea@lycee.example');
    onlyOpen((kind) => alert?.text.includes(`Entreprise ${kind}\n`) ?? false);
  });

  it('the booking: the open one is booked, the full one is full, the others do not exist', async () => {
    const codes: Partial<Record<Kind, string>> = {};
    for (const kind of KINDS) {
      const { errors } = await t.graphql(
        'mutation ($input: BookingInput!) { bookSlot(input: $input) { id } }',
        {
          input: {
            slotId: slotOf[kind],
            participantsCount: 1,
            publicCategory: 'highSchool',
            acceptCharter: true,
          },
        },
        { token: teacherToken },
      );
      codes[kind] = String(errors?.[0]?.extensions?.code ?? 'ok');
    }
    expect(codes).toEqual({
      open: 'ok',
      deleted: 'NOT_FOUND',
      started: 'NOT_FOUND',
      full: 'slot_full',
      pending: 'NOT_FOUND',
      archived: 'NOT_FOUND',
      closedDepartment: 'NOT_FOUND',
    });
  });

  it('the waitlist: a line is joined on a slot on offer only — the open one, or the full one', async () => {
    const codes: Partial<Record<Kind, string>> = {};
    for (const kind of KINDS) {
      const { errors } = await t.graphql(
        'mutation ($slotId: ID!) { joinWaitlist(slotId: $slotId, groupSize: 20) { id } }',
        { slotId: slotOf[kind] },
        { token: teacherToken },
      );
      codes[kind] = String(errors?.[0]?.extensions?.code ?? 'ok');
    }
    expect(codes).toEqual({
      open: 'slot_not_full',
      deleted: 'NOT_FOUND',
      started: 'NOT_FOUND',
      full: 'ok',
      pending: 'NOT_FOUND',
      archived: 'NOT_FOUND',
      closedDepartment: 'NOT_FOUND',
    });
  });
});
