import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, insertCompany, insertSlot, insertUser, loginAs } from '../../tests/fixtures/app.ts';

/*
 * Issue 36: a search whose dates fall in the holidays of a school teacher's zone, left out by default, found
 * nothing and said « Élargissez la zone »; the cards of the same search without the filter showed dates
 * outside the range asked.
 */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SEARCH = `query ($input: CompanySearchInput!) {
  searchCompanies(input: $input) { total hiddenByHolidays items { name nextSlotAt } }
}`;

/** Wednesday 10 February 2027: zone A's winter holidays are 13–28 February. */
const NOW = new Date('2027-02-10T09:00:00Z');
const LYON = { lat: 45.7578, lng: 4.832 };
/** Days as the island sends them: `from`'s first instant, `to`'s last, in Paris. */
const from = (day: string) => new Date(`${day}T00:00:00+01:00`).toISOString();
const to = (day: string) =>
  new Date(new Date(`${day}T00:00:00+01:00`).getTime() + 86_400_000 - 1).toISOString();

let t: TestApp;
let token: string;

interface Result {
  total: number;
  hiddenByHolidays: number;
  items: { name: string; nextSlotAt: string | null }[];
}

async function search(input: Record<string, unknown>, as: string | null = token): Promise<Result> {
  const { data, errors } = await t.graphql<{ searchCompanies: Result }>(
    SEARCH,
    { input: { near: LYON, ...input } },
    as ? { token: as } : {},
  );
  if (!data) throw new Error(JSON.stringify(errors));
  return data.searchCompanies;
}

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const company = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
  // Before the holidays, in them, a full one after them, and an open one later.
  await insertSlot(t.db, company.id, new Date('2027-02-11T08:00:00Z'));
  await insertSlot(t.db, company.id, new Date('2027-02-23T08:00:00Z'));
  await insertSlot(t.db, company.id, new Date('2027-03-03T08:00:00Z'), { maxParticipants: 5, seatsTaken: 5 });
  await insertSlot(t.db, company.id, new Date('2027-03-10T08:00:00Z'));
  const teacher = await insertUser(t.db, {
    kind: 'teacher',
    profileType: 'teacher',
    departmentCode: '69',
    useEstablishmentAddress: false,
    referenceLat: LYON.lat,
    referenceLng: LYON.lng,
  });
  token = await loginAs(t.db, teacher.id, NOW);
});

afterAll(() => t.close());

describe('a search the school holidays empty', () => {
  const inHolidays = { from: from('2027-02-15'), to: to('2027-02-26'), withAvailableSlots: true };

  it('says how many companies the holidays hid, for the list to name its cause', async () => {
    expect(await search(inHolidays)).toEqual({ total: 0, hiddenByHolidays: 1, items: [] });
    const unfiltered = await search({ ...inHolidays, excludeHolidays: false });
    expect(unfiltered).toMatchObject({ total: 1, hiddenByHolidays: 0 });
  });

  it('says 0 when something is found, when the holidays are not what empties it, and to visitors', async () => {
    expect((await search({ withAvailableSlots: true })).hiddenByHolidays).toBe(0);
    const nothingAtAll = { from: from('2027-04-01'), to: to('2027-04-30'), withAvailableSlots: true };
    expect(await search(nothingAtAll)).toMatchObject({ total: 0, hiddenByHolidays: 0 });
    expect((await search(inHolidays, null)).hiddenByHolidays).toBe(0);
  });
});

describe('the next slot of a card', () => {
  it('is the first open one within the search’s dates, whatever the sort', async () => {
    for (const sort of ['distance', 'nextSlot', 'name']) {
      const inRange = await search({ ...inHolidaysUnfiltered(), sort });
      expect(inRange.items[0]?.nextSlotAt, sort).toBe('2027-02-23T08:00:00.000Z');
      const fromMarch = await search({ from: from('2027-03-01'), excludeHolidays: false, sort });
      expect(fromMarch.items[0]?.nextSlotAt, sort).toBe('2027-03-10T08:00:00.000Z');
      // Listed for its full slot of 3 March: no open one in the range, no date outside it.
      const fullOnly = await search({ from: from('2027-03-01'), to: to('2027-03-05'), sort });
      expect(fullOnly.items, sort).toEqual([{ name: 'Forges de Vénissieux', nextSlotAt: null }]);
    }
  });
});

function inHolidaysUnfiltered() {
  return { from: from('2027-02-15'), to: to('2027-02-26'), excludeHolidays: false };
}
