import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishments } from '../../db/schema.ts';
import { createTestApp, insertCompany, insertSlot, insertUser, loginAs } from '../../tests/fixtures/app.ts';
import { searchStartFor } from './discovery.ts';

/*
 * Issue 20: the school holidays of the teacher's zone left out of search (docs/decisions/0047), and the
 * search that starts from the teacher's reference address.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SEARCH = `query ($input: CompanySearchInput!) {
  searchCompanies(input: $input) { total items { name distanceKm availableSlotsCount nextSlotAt } }
}`;

/** Wednesday 10 February 2027: zone A's winter holidays are 13–28 February, zone C's 6–21 February. */
const NOW = new Date('2027-02-10T09:00:00Z');
const LYON = { lat: 45.7578, lng: 4.832 };
const PARIS = { lat: 48.8566, lng: 2.3522 };

let t: TestApp;
const tokens: Record<string, string> = {};

interface Result {
  total: number;
  items: {
    name: string;
    distanceKm: number | null;
    availableSlotsCount: number;
    nextSlotAt: string | null;
  }[];
}

async function search(input: Record<string, unknown>, who?: string): Promise<Result> {
  const token = who ? tokens[who] : undefined;
  const { data, errors } = await t.graphql<{ searchCompanies: Result }>(
    SEARCH,
    { input },
    token ? { token } : {},
  );
  if (!data) throw new Error(JSON.stringify(errors));
  return data.searchCompanies;
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const company = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
  // Tuesday 23 February 2027, 09:00 in Paris: zone A's holidays, not zone C's.
  await insertSlot(t.db, company.id, new Date('2027-02-23T08:00:00Z'));
  const teacher = (profileType: 'teacher' | 'prescriber', departmentCode: string, point: typeof LYON) =>
    insertUser(t.db, {
      kind: 'teacher',
      profileType,
      departmentCode,
      useEstablishmentAddress: false,
      referenceLat: point.lat,
      referenceLng: point.lng,
    });
  const people = {
    lyon: await teacher('teacher', '69', LYON),
    paris: await teacher('teacher', '75', PARIS),
    prescriber: await teacher('prescriber', '69', LYON),
  };
  for (const [name, user] of Object.entries(people)) tokens[name] = await loginAs(t.db, user.id, NOW);
});

afterAll(() => t.close());

describe('school holidays in search', () => {
  const input = { near: LYON, withAvailableSlots: true };

  it('leave out, by default, a slot in the winter holidays of zone A for a teacher in Lyon, not for one in Paris', async () => {
    expect((await search(input, 'lyon')).total).toBe(0);
    const paris = await search(input, 'paris');
    expect(paris.items).toMatchObject([{ name: 'Forges de Vénissieux', availableSlotsCount: 1 }]);
    expect(paris.items[0]?.nextSlotAt).toBe('2027-02-23T08:00:00.000Z');
  });

  it('are left out of the counts and the next slot too, when the company is listed anyway', async () => {
    const lyon = await search({ near: LYON }, 'lyon');
    expect(lyon.items).toMatchObject([
      { name: 'Forges de Vénissieux', availableSlotsCount: 0, nextSlotAt: null },
    ]);
  });

  it('are shown to both when excludeHolidays is off', async () => {
    for (const who of ['lyon', 'paris']) {
      expect((await search({ ...input, excludeHolidays: false }, who)).total, who).toBe(1);
    }
  });

  it('are kept by default for prescribers and visitors; a prescriber may leave them out', async () => {
    expect((await search(input, 'prescriber')).total).toBe(1);
    expect((await search(input)).total).toBe(1);
    expect((await search({ ...input, excludeHolidays: true }, 'prescriber')).total).toBe(0);
    // A visitor has no zone: nothing to leave out.
    expect((await search({ ...input, excludeHolidays: true })).total).toBe(1);
  });

  it('Department.holidayZone: the zone of each department', async () => {
    const { data } = await t.graphql<{ departments: { code: string; holidayZone: string | null }[] }>(
      '{ departments { code holidayZone } }',
    );
    const zoneOf = new Map(data?.departments.map((d) => [d.code, d.holidayZone]));
    expect(zoneOf.get('69')).toBe('A');
    expect(zoneOf.get('75')).toBe('C');
    expect(zoneOf.get('2A')).toBe('Corse');
    expect(zoneOf.get('974')).toBe('La Réunion');
  });
});

describe('where a teacher’s search starts', () => {
  it('is the establishment, or their own address when the flag is off; nothing for visitors', async () => {
    const [school] = await t.db
      .insert(establishments)
      .values({ name: 'Lycée Ampère', type: 'lycee', departmentCode: '69', lat: 45.764, lng: 4.8357 })
      .returning();
    const onSchool = await insertUser(t.db, {
      kind: 'teacher',
      profileType: 'teacher',
      establishmentId: school?.id ?? null,
      useEstablishmentAddress: true,
      referenceLat: PARIS.lat,
      referenceLng: PARIS.lng,
    });
    const onOwn = await insertUser(t.db, {
      kind: 'teacher',
      profileType: 'prescriber',
      establishmentId: school?.id ?? null,
      useEstablishmentAddress: false,
      referenceLat: PARIS.lat,
      referenceLng: PARIS.lng,
    });
    const viewer = (id: number) => ({
      id,
      kind: 'teacher' as const,
      companyId: null,
      firstName: 'Camille',
      lastName: 'Martin',
      sessionId: 's',
      regionCode: null,
    });
    expect(await searchStartFor(viewer(onSchool.id), t.deps)).toEqual({
      near: { lat: 45.764, lng: 4.8357 },
      placeLabel: 'Mon établissement',
      excludeHolidays: true,
      holidayZone: 'A',
    });
    expect(await searchStartFor(viewer(onOwn.id), t.deps)).toEqual({
      near: PARIS,
      placeLabel: 'Mon adresse',
      excludeHolidays: false,
      holidayZone: 'C',
    });
    expect(await searchStartFor(null, t.deps)).toEqual({
      near: null,
      placeLabel: 'Mon établissement',
      excludeHolidays: false,
      holidayZone: null,
    });
  });
});
