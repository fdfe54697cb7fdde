import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchInputSchema } from '../../common/search.ts';
import { companies, companyJobs, jobs } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { ftsQuery } from '../companies/index.ts';
import { boundingBox, haversineKm, searchCompanies } from './search.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SEARCH = `query ($input: CompanySearchInput!) {
  searchCompanies(input: $input) {
    total page pageSize
    items { id name distanceKm availableSlotsCount nextSlotAt datesVisible slots { id } }
    markers { id name lat lng availableSlotsCount }
  }
}`;

/** Lyon's Place Bellecour, the centre of the searches below. */
const LYON = { lat: 45.7578, lng: 4.832 };
const DAY = 86_400_000;
const inDays = (days: number, hour = 9) => new Date(TEST_NOW.getTime() + days * DAY + (hour - 9) * 3_600_000);

let t: TestApp;
let teacherToken: string;
const ids: Record<string, number> = {};

interface Result {
  total: number;
  page: number;
  pageSize: number;
  items: {
    id: string;
    name: string;
    distanceKm: number | null;
    availableSlotsCount: number;
    nextSlotAt: string | null;
    datesVisible: boolean;
    slots: { id: string }[];
  }[];
  markers: { id: string; name: string }[];
}

async function search(input: Record<string, unknown>, token?: string): Promise<Result> {
  const { data, errors } = await t.graphql<{ searchCompanies: Result }>(
    SEARCH,
    { input },
    token ? { token } : {},
  );
  if (!data) throw new Error(JSON.stringify(errors));
  return data.searchCompanies;
}
const names = (result: Result) => result.items.map((item) => item.name);

beforeAll(async () => {
  t = await createTestApp({ now: TEST_NOW });
  const [welder] = await t.db
    .insert(jobs)
    .values([
      { label: 'Soudeur / Soudeuse', sector: 'metallurgy' },
      { label: 'Chaudronnier / Chaudronnière', sector: 'metallurgy' },
    ])
    .returning();
  const place = (lat: number, lng: number) => ({ lat, lng });
  // Distances from Bellecour: Villeurbanne ~4 km, Vénissieux ~8 km, Givors ~22 km, Vienne ~27 km,
  // Bourgoin ~40 km, Saint-Étienne ~50 km.
  const plan = [
    ['Forges de Vénissieux', 'metallurgy', place(45.6975, 4.8867)],
    ['Aéro Villeurbanne', 'aerospace', place(45.7719, 4.8902)],
    ['Chaudronnerie de Givors', 'metallurgy', place(45.5906, 4.7689)],
    ['Rail de Vienne', 'rail', place(45.5253, 4.8744)],
    ['Usinage de Bourgoin', 'mechanics', place(45.5866, 5.2736)],
    ['Métallerie Stéphanoise', 'metallurgy', place(45.4397, 4.3872)],
  ] as const;
  for (const [name, sector, point] of plan) {
    const company = await insertCompany(t.db, { name, sector, ...point });
    ids[name] = company.id;
  }
  await insertCompany(t.db, { name: 'Forges en attente', status: 'pending', ...LYON });
  await t.db
    .insert(companyJobs)
    .values({ companyId: ids['Chaudronnerie de Givors'] as number, jobId: welder?.id as number });

  // Vénissieux: a visit in 2 days with seats, a full one tomorrow.
  await insertSlot(t.db, ids['Forges de Vénissieux'] as number, inDays(2), {
    publicCategories: ['highSchool'],
  });
  await insertSlot(t.db, ids['Forges de Vénissieux'] as number, inDays(1), {
    maxParticipants: 5,
    seatsTaken: 5,
  });
  // Villeurbanne: a webinar for job seekers in 20 days (outside the 15-day count).
  await insertSlot(t.db, ids['Aéro Villeurbanne'] as number, inDays(20), {
    meetingType: 'Webinar',
    publicCategories: ['jobSeekers'],
    subjects: ['apprenticeship'],
  });
  // Givors: an intervention tomorrow, full.
  await insertSlot(t.db, ids['Chaudronnerie de Givors'] as number, inDays(1), {
    meetingType: 'ClassroomIntervention',
    maxParticipants: 10,
    seatsTaken: 10,
  });
  // Vienne: a past slot only. Bourgoin and Saint-Étienne: nothing.
  await insertSlot(t.db, ids['Rail de Vienne'] as number, inDays(-3));

  const teacher = await insertUser(t.db, { kind: 'teacher' });
  teacherToken = await loginAs(t.db, teacher.id);
});
afterAll(() => t.close());

describe('searchCompanies', () => {
  it('finds validated companies within the radius only, nearest first, with their distance', async () => {
    const result = await search({ near: LYON, radiusKm: 30 });
    expect(names(result)).toEqual([
      'Aéro Villeurbanne',
      'Forges de Vénissieux',
      'Chaudronnerie de Givors',
      'Rail de Vienne',
    ]);
    expect(result.items[0]?.distanceKm).toBeCloseTo(4.7, 0);
    expect(result.total).toBe(4);
    expect(result.markers.map((m) => m.name).sort()).toEqual(names(result).sort());
  });

  it('holds the radius edge to the kilometre', async () => {
    const vienne = haversineKm(LYON, { lat: 45.5253, lng: 4.8744 });
    const inside = await search({ near: LYON, radiusKm: Math.ceil(vienne * 10) / 10 });
    expect(names(inside)).toContain('Rail de Vienne');
    const outside = await search({ near: LYON, radiusKm: Math.floor(vienne * 10) / 10 });
    expect(names(outside)).not.toContain('Rail de Vienne');
  });

  it('matches company names and jobs, whatever the accents and the case', async () => {
    expect(names(await search({ text: 'venissieux' }))).toEqual(['Forges de Vénissieux']);
    expect(names(await search({ text: 'SOUD' }))).toEqual(['Chaudronnerie de Givors']);
    expect(names(await search({ text: 'métallerie stéph' }))).toEqual(['Métallerie Stéphanoise']);
    expect((await search({ text: '"* OR' })).total).toBe(0);
  });

  it('filters by sector', async () => {
    const result = await search({ sectors: ['metallurgy'], sort: 'name' });
    expect(names(result)).toEqual([
      'Chaudronnerie de Givors',
      'Forges de Vénissieux',
      'Métallerie Stéphanoise',
    ]);
  });

  it('filters by meeting type, public category and subject among the slots to come', async () => {
    expect(names(await search({ meetingTypes: ['Webinar'] }))).toEqual(['Aéro Villeurbanne']);
    expect(names(await search({ meetingTypes: ['ClassroomIntervention'] }))).toEqual([
      'Chaudronnerie de Givors',
    ]);
    expect(names(await search({ publicCategories: ['jobSeekers'] }))).toEqual(['Aéro Villeurbanne']);
    expect(names(await search({ subjects: ['apprenticeship'] }))).toEqual(['Aéro Villeurbanne']);
    // Vienne's only slot is past: it offers nothing any more.
    expect(names(await search({ meetingTypes: ['CompanyVisit'], sort: 'name' }))).toEqual([
      'Forges de Vénissieux',
    ]);
  });

  it('filters by date range and by available seats', async () => {
    const withinWeek = await search({
      from: TEST_NOW.toISOString(),
      to: inDays(7).toISOString(),
      sort: 'name',
    });
    expect(names(withinWeek)).toEqual(['Chaudronnerie de Givors', 'Forges de Vénissieux']);
    const available = await search({ withAvailableSlots: true, sort: 'name' });
    expect(names(available)).toEqual(['Aéro Villeurbanne', 'Forges de Vénissieux']);
    const availableThisWeek = await search({ withAvailableSlots: true, to: inDays(7).toISOString() });
    expect(names(availableThisWeek)).toEqual(['Forges de Vénissieux']);
    const { errors } = await t.graphql(SEARCH, {
      input: { from: inDays(7).toISOString(), to: TEST_NOW.toISOString() },
    });
    expect(errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { to: expect.any(String) },
    });
  });

  it('sorts by the next free slot without a place, companies without one last', async () => {
    const result = await search({}, teacherToken);
    expect(names(result).slice(0, 2)).toEqual(['Forges de Vénissieux', 'Aéro Villeurbanne']);
    expect(result.items[0]?.nextSlotAt).toBe(inDays(2).toISOString());
    expect(result.items.slice(2).every((item) => item.nextSlotAt === null)).toBe(true);
  });

  it('counts the slots available in the next 15 days', async () => {
    const result = await search({ sort: 'name' });
    const count = Object.fromEntries(result.items.map((item) => [item.name, item.availableSlotsCount]));
    expect(count).toMatchObject({
      'Forges de Vénissieux': 1,
      'Aéro Villeurbanne': 0,
      'Chaudronnerie de Givors': 0,
    });
  });

  it('pages the results with the total, and gives every match to the map', async () => {
    const first = await search({ sort: 'name', pageSize: 4 });
    const second = await search({ sort: 'name', pageSize: 4, page: 2 });
    expect(first).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    expect(first.items).toHaveLength(4);
    expect(second.items).toHaveLength(2);
    expect(new Set([...names(first), ...names(second)]).size).toBe(6);
    expect(second.markers).toHaveLength(6);
    expect((await search({ sort: 'name', pageSize: 4, page: 3 })).items).toEqual([]);
  });

  it('shows visitors companies and counts, never slots; teachers see the slots', async () => {
    const visitor = await search({ text: 'venissieux' });
    expect(visitor.items[0]?.slots).toEqual([]);
    expect(visitor.items[0]?.nextSlotAt).toBeNull();
    expect(visitor.items[0]?.datesVisible).toBe(false);
    expect(visitor.items[0]?.availableSlotsCount).toBe(1);
    const teacher = await search({ text: 'venissieux' }, teacherToken);
    expect(teacher.items[0]?.slots).toHaveLength(2);
    // The one door (permissions.canSeeSlotDates) travels with each result: the island decides nothing.
    expect(teacher.items[0]?.datesVisible).toBe(true);
    expect(teacher.items[0]?.nextSlotAt).not.toBeNull();
  });

  it('never shows a company awaiting validation', async () => {
    const result = await search({ near: LYON, radiusKm: 1 });
    expect(result.total).toBe(0);
    const { data } = await t.graphql<{ company: unknown }>('query ($id: ID!) { company(id: $id) { id } }', {
      id: 7,
    });
    expect(data?.company).toBeNull();
  });
});

describe('the rows of a page', () => {
  it('carry the next free slot whatever the sort, read with the page when the sort does not need it', async () => {
    for (const sort of ['distance', 'nextSlot', 'name'] as const) {
      const input = searchInputSchema.parse({ near: LYON, radiusKm: 10, sort });
      const { items } = await searchCompanies(t.db, input, TEST_NOW);
      const venissieux = items.find((item) => item.name === 'Forges de Vénissieux');
      expect(venissieux?.nextSlotAt, sort).toEqual(inDays(2));
      expect(items.find((item) => item.name === 'Aéro Villeurbanne')?.nextSlotAt, sort).toEqual(inDays(20));
    }
  });

  it('are the companies as drizzle reads them, every column and type', async () => {
    const id = ids['Forges de Vénissieux'] as number;
    await t.db
      .update(companies)
      .set({
        description: 'Quatre « guillemets » \\ et un saut\nde ligne',
        website: 'https://forges.example',
        employeesCount: 120,
        acceptsInterns: true,
        contactOptIn: true,
        validatedAt: new Date('2026-01-02T03:04:05.678Z'),
        lat: 45.69751234567891,
      })
      .where(eq(companies.id, id));
    const [expected] = await t.db.select().from(companies).where(eq(companies.id, id));
    const result = await searchCompanies(t.db, searchInputSchema.parse({ text: 'venissieux' }), TEST_NOW);
    const { distanceKm, availableSlotsCount, nextSlotAt, ...row } = result.items[0] ?? {};
    expect(row).toStrictEqual(expected);
  });
});

describe('the pieces', () => {
  it('makes a bounding box that holds the circle', () => {
    const box = boundingBox(LYON, 30);
    for (const bearing of [0, 90, 180, 270]) {
      const rad = (bearing * Math.PI) / 180;
      const point = {
        lat: LYON.lat + (30 / 111.32) * Math.cos(rad),
        lng: LYON.lng + (30 / (111.32 * Math.cos((LYON.lat * Math.PI) / 180))) * Math.sin(rad),
      };
      expect(point.lat).toBeGreaterThanOrEqual(box.minLat - 1e-9);
      expect(point.lat).toBeLessThanOrEqual(box.maxLat + 1e-9);
      expect(point.lng).toBeGreaterThanOrEqual(box.minLng - 1e-9);
      expect(point.lng).toBeLessThanOrEqual(box.maxLng + 1e-9);
    }
  });

  it('quotes every word of a full-text query as a prefix', () => {
    expect(ftsQuery('Soud  chaud-ron')).toBe('"Soud"* AND "chaud"* AND "ron"*');
    expect(ftsQuery('"*')).toBeNull();
  });
});
