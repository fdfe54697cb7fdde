import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { companyJobs, contactMessages, establishments, favorites, jobs } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { companyPage } from '../company-page/index.ts';
import type { RecruitmentSite } from '../kernel/ports/recruitment-site.ts';
import { RecruitmentSiteUnavailable } from '../kernel/ports/recruitment-site.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 86_400_000;
const inDays = (days: number) => new Date(TEST_NOW.getTime() + days * DAY);

let t: TestApp;
let teacher: Awaited<ReturnType<typeof insertUser>>;
let teacherToken: string;

async function setUp(recruitmentSite?: RecruitmentSite) {
  t = await createTestApp({ now: TEST_NOW, ...(recruitmentSite ? { recruitmentSite } : {}) });
  const [establishment] = await t.db
    .insert(establishments)
    .values({ name: 'Lycée Jacquard', type: 'Lycée professionnel', label: 'Lyon', lat: 45.7578, lng: 4.832 })
    .returning();
  teacher = await insertUser(t.db, {
    kind: 'teacher',
    establishmentId: establishment?.id,
    sectors: ['aerospace'],
    jobs: ['Soudeur / Soudeuse'],
  });
  teacherToken = await loginAs(t.db, teacher.id);
}
afterEach(() => t.close());

describe('favourites', () => {
  beforeEach(() => setUp());

  it('stars and unstars a company for a teacher, and lists them latest first', async () => {
    const first = await insertCompany(t.db, { name: 'Première' });
    const second = await insertCompany(t.db, { name: 'Seconde' });
    const add = 'mutation ($id: ID!) { addFavorite(companyId: $id) { id isFavorite } }';
    expect((await t.graphql(add, { id: first.id }, { token: teacherToken })).data?.addFavorite).toEqual({
      id: String(first.id),
      isFavorite: true,
    });
    await t.graphql(add, { id: first.id }, { token: teacherToken });
    t.clock.set(new Date(TEST_NOW.getTime() + 1000));
    await t.graphql(add, { id: second.id }, { token: teacherToken });
    const list = await t.graphql<{ myFavorites: { name: string }[] }>(
      '{ myFavorites { name } }',
      {},
      { token: teacherToken },
    );
    expect(list.data?.myFavorites.map((c) => c.name)).toEqual(['Seconde', 'Première']);
    // Starred at the platform's clock, not the database's (a test run plays another day: decision 0077).
    const starredAt = await t.db
      .select({ at: favorites.createdAt })
      .from(favorites)
      .orderBy(favorites.companyId);
    expect(starredAt.map((row) => row.at.getTime())).toEqual([TEST_NOW.getTime(), TEST_NOW.getTime() + 1000]);

    const removed = await t.graphql(
      'mutation ($id: ID!) { removeFavorite(companyId: $id) { isFavorite } }',
      { id: first.id },
      { token: teacherToken },
    );
    expect(removed.data?.removeFavorite).toEqual({ isFavorite: false });
  });

  it('refuses visitors and other kinds of users, and unknown or pending companies', async () => {
    const company = await insertCompany(t.db);
    const pending = await insertCompany(t.db, { status: 'pending' });
    const add = 'mutation ($id: ID!) { addFavorite(companyId: $id) { id } }';
    expect((await t.graphql(add, { id: company.id })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: company.id });
    const asRecruiter = await t.graphql(
      add,
      { id: company.id },
      { token: await loginAs(t.db, recruiter.id) },
    );
    expect(asRecruiter.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const unknown = await t.graphql(add, { id: 999 }, { token: teacherToken });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const notYet = await t.graphql(add, { id: pending.id }, { token: teacherToken });
    expect(notYet.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
  it('tells nothing of a company off the platform when unstarring it either (issue 9)', async () => {
    const remove = 'mutation ($id: ID!) { removeFavorite(companyId: $id) { name siret phone status } }';
    for (const status of ['pending', 'refused', 'archived'] as const) {
      const hidden = await insertCompany(t.db, { status, name: `Secrète ${status}`, phone: '0478000000' });
      const answer = await t.graphql(remove, { id: hidden.id }, { token: teacherToken });
      expect(answer.data ?? null, status).toBeNull();
      expect(answer.errors?.[0]?.extensions?.code, status).toBe('NOT_FOUND');
      expect(JSON.stringify(answer), status).not.toContain('Secrète');
    }
  });
});

describe('suggestedCompanies', () => {
  beforeEach(() => setUp());

  it('ranks by criteria, distance and free seats soon, and says why', async () => {
    const [welder] = await t.db
      .insert(jobs)
      .values({ label: 'Soudeur / Soudeuse', sector: 'metallurgy' })
      .returning();
    // 5 km, the teacher's sector, 2 free slots this week.
    const aero = await insertCompany(t.db, {
      name: 'Aéro Proche',
      sector: 'aerospace',
      lat: 45.7719,
      lng: 4.8902,
    });
    await insertSlot(t.db, aero.id, inDays(2));
    await insertSlot(t.db, aero.id, inDays(3));
    // 19 km, a job of the teacher's, a slot in 20 days.
    const forge = await insertCompany(t.db, {
      name: 'Forge Givors',
      sector: 'metallurgy',
      lat: 45.5906,
      lng: 4.7689,
    });
    await t.db.insert(companyJobs).values({ companyId: forge.id, jobId: welder?.id as number });
    await insertSlot(t.db, forge.id, inDays(20));
    // Near but nothing matches.
    const rail = await insertCompany(t.db, { name: 'Rail Voisin', sector: 'rail', lat: 45.76, lng: 4.84 });
    await insertSlot(t.db, rail.id, inDays(40));
    // Far away, or no free seat: never suggested.
    const far = await insertCompany(t.db, {
      name: 'Aéro Toulouse',
      sector: 'aerospace',
      lat: 43.6,
      lng: 1.44,
    });
    await insertSlot(t.db, far.id, inDays(2));
    const full = await insertCompany(t.db, {
      name: 'Aéro Complet',
      sector: 'aerospace',
      lat: 45.76,
      lng: 4.83,
    });
    await insertSlot(t.db, full.id, inDays(2), { maxParticipants: 3, seatsTaken: 3 });

    const { data } = await t.graphql<{
      suggestedCompanies: { name: string; distanceKm: number; suggestionReasons: string[] }[];
    }>('{ suggestedCompanies(limit: 6) { name distanceKm suggestionReasons } }', {}, { token: teacherToken });
    expect(data?.suggestedCompanies.map((c) => c.name)).toEqual([
      'Aéro Proche',
      'Forge Givors',
      'Rail Voisin',
    ]);
    expect(data?.suggestedCompanies[0]?.suggestionReasons).toEqual([
      '5 km',
      'aéronautique et spatial',
      '2 créneaux cette semaine',
    ]);
    expect(data?.suggestedCompanies[1]?.suggestionReasons).toEqual([
      '19 km',
      'soudeur / soudeuse',
      'prochain créneau le 30 mars',
    ]);
  });

  it('counts this calendar week in the teacher’s zone, and never gives the teacher’s own booking as free', async () => {
    // TEST_NOW is Tuesday 10 March 2026. Both companies near, of the teacher's sector.
    const near = { sector: 'aerospace' as const, lat: 45.76, lng: 4.83 };
    const week = await insertCompany(t.db, { name: 'Aéro Semaine', ...near });
    const mine = await insertSlot(t.db, week.id, inDays(3)); // Friday, booked by the teacher
    await insertMeeting(t.db, mine.id, teacher.id, { participantsCount: 2 });
    await insertSlot(t.db, week.id, new Date('2026-03-15T20:00:00Z')); // Sunday 21:00 in Paris: this week
    await insertSlot(t.db, week.id, new Date('2026-03-16T07:00:00Z')); // Monday: next week, within 7 days
    const booked = await insertCompany(t.db, { name: 'Aéro Réservée', ...near });
    const taken = await insertSlot(t.db, booked.id, inDays(2));
    await insertMeeting(t.db, taken.id, teacher.id, { participantsCount: 2 });
    await insertSlot(t.db, booked.id, inDays(20));

    const { data } = await t.graphql<{ suggestedCompanies: { name: string; suggestionReasons: string[] }[] }>(
      '{ suggestedCompanies(limit: 6) { name suggestionReasons } }',
      {},
      { token: teacherToken },
    );
    const reasons = new Map(data?.suggestedCompanies.map((c) => [c.name, c.suggestionReasons.at(-1)]));
    expect(reasons.get('Aéro Semaine')).toBe('1 créneau cette semaine');
    expect(reasons.get('Aéro Réservée')).toBe('prochain créneau le 30 mars');
  });

  it('is for teachers only', async () => {
    const { errors } = await t.graphql('{ suggestedCompanies { id } }');
    expect(errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('the company page', () => {
  it('gives a teacher the next slot they could take: not one they booked, not a full one', async () => {
    await setUp();
    const company = await insertCompany(t.db, { name: 'Forges du Gier' });
    const booked = await insertSlot(t.db, company.id, inDays(1));
    await insertMeeting(t.db, booked.id, teacher.id, { participantsCount: 2 });
    await insertSlot(t.db, company.id, inDays(2), { maxParticipants: 3, seatsTaken: 3 });
    const next = await insertSlot(t.db, company.id, inDays(3));
    const viewer = { ...teacher, kind: 'teacher' as const, companyId: null, sessionId: '', regionCode: null };
    const page = await companyPage(viewer, company.id, t.deps);
    expect(page?.slots).toMatchObject({ audience: 'teacher', nextOpenSlotId: next.id });
    expect(page && 'items' in page.slots ? page.slots.items.map((slot) => slot.id) : []).toHaveLength(3);
  });

  it('shows job offers latest first, and says they are unavailable when the site fails, the rest still there', async () => {
    const offers = [
      {
        id: 'a',
        title: 'Soudeur H/F',
        contractType: 'CDI',
        location: 'Lyon',
        url: null,
        publishedAt: new Date('2026-02-01'),
      },
      {
        id: 'b',
        title: 'Apprenti chaudronnier',
        contractType: 'Apprentissage',
        location: null,
        url: null,
        publishedAt: new Date('2026-03-01'),
      },
    ];
    let fail = false;
    const site = {
      jobOffers: async () => {
        if (fail) throw new RecruitmentSiteUnavailable('down');
        return offers;
      },
    } as unknown as RecruitmentSite;
    await setUp(site);
    const company = await insertCompany(t.db, { name: 'Forges' });
    const query =
      'query ($id: ID!) { company(id: $id) { name jobOffers { unavailable items { title publishedAt } } } }';
    const ok = await t.graphql<{
      company: { jobOffers: { unavailable: boolean; items: { title: string }[] } };
    }>(query, { id: company.id });
    expect(ok.data?.company.jobOffers.unavailable).toBe(false);
    expect(ok.data?.company.jobOffers.items.map((o) => o.title)).toEqual([
      'Apprenti chaudronnier',
      'Soudeur H/F',
    ]);
    fail = true;
    const down = await t.graphql(query, { id: company.id });
    expect(down.errors).toBeUndefined();
    expect(down.data?.company).toEqual({ name: 'Forges', jobOffers: { unavailable: true, items: [] } });
  });

  it('lets a teacher write to a company that opted in and has no slot, by e-mail through the outbox', async () => {
    await setUp();
    const company = await insertCompany(t.db, {
      name: 'Discrète',
      contactOptIn: true,
      contactEmail: 'rh@discrete.example',
      contactName: 'Nina Roux',
    });
    const contact =
      'mutation ($id: ID!, $message: String!) { contactCompany(companyId: $id, message: $message) }';
    const message = 'Bonjour, ma classe de seconde aimerait visiter vos ateliers au printemps.';
    const contactable = 'query ($id: ID!) { company(id: $id) { contactable } }';
    expect((await t.graphql(contactable, { id: company.id })).data?.company).toEqual({ contactable: true });

    const tooShort = await t.graphql(
      contact,
      { id: company.id, message: 'Bonjour' },
      { token: teacherToken },
    );
    expect(tooShort.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { message: expect.any(String) },
    });
    const sent = await t.graphql(contact, { id: company.id, message }, { token: teacherToken });
    expect(sent.data?.contactCompany).toBe(true);
    expect(await t.db.select().from(contactMessages)).toHaveLength(1);
    await t.deps.outbox.wake();
    const mail = t.mail.messages.find((m) => m.to === 'rh@discrete.example');
    expect(mail?.subject).toBe('Un enseignant souhaite rencontrer Discrète');
    expect(mail?.text).toContain(message);
    expect(mail?.text).toContain(teacher.email);

    // Once it has a slot, the teacher books instead.
    await insertSlot(t.db, company.id, inDays(5));
    expect((await t.graphql(contactable, { id: company.id })).data?.company).toEqual({ contactable: false });
    const refused = await t.graphql(contact, { id: company.id, message }, { token: teacherToken });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('refuses contact to a company that did not opt in, and to visitors', async () => {
    await setUp();
    const company = await insertCompany(t.db);
    const contact =
      'mutation ($id: ID!) { contactCompany(companyId: $id, message: "Nous aimerions beaucoup vous rencontrer.") }';
    expect(
      (await t.graphql(contact, { id: company.id }, { token: teacherToken })).errors?.[0]?.extensions?.code,
    ).toBe('FORBIDDEN');
    expect((await t.graphql(contact, { id: company.id })).errors?.[0]?.extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
  });
});
