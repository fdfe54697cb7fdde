import { eq } from 'drizzle-orm';
import type { PageContextServer } from 'vike/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { establishments, favorites, meetings } from '../../db/schema.ts';
import { data } from '../../pages/home-teacher/+data.ts';
import type { Viewer } from '../../server/kernel/viewer.ts';
import { bookAs, createTestApp, insertCompany, insertSlot, insertUser, TEST_NOW } from '../fixtures/app.ts';

const DAY = 86_400_000;

describe('the teacher’s home', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  async function teacherNearLyon(overrides: Parameters<typeof insertUser>[1] | object = {}) {
    const teacher = await insertUser(t.db, {
      kind: 'teacher',
      firstName: 'Lucie',
      useEstablishmentAddress: false,
      referenceLat: 45.75,
      referenceLng: 4.85,
      sectors: ['metallurgy'],
      ...overrides,
    });
    const viewer: Viewer = { ...teacher, kind: 'teacher', companyId: null, sessionId: 's', regionCode: null };
    // A GET of the page: its plain posts (the star, « Je garde ma place ») read the method and the URL.
    const request = {
      viewer,
      deps: t.deps,
      runtime: { hono: { req: { method: 'GET' } } },
      urlParsed: { pathname: '/home-teacher', search: {} },
    };
    return { teacher, home: () => data(request as unknown as PageContextServer) };
  }

  it('keeps the tickets of the meetings to come that still stand, not of webinars, ended or cancelled ones', async () => {
    const { teacher, home } = await teacherNearLyon();
    const company = await insertCompany(t.db);
    const book = async (startsAt: Date, overrides = {}) => {
      const slot = await insertSlot(t.db, company.id, startsAt, overrides);
      return bookAs(
        t.db,
        {
          teacherId: teacher.id,
          slotId: slot.id,
          participantsCount: 1,
          publicCategory: 'highSchool',
          acceptCharter: true,
        },
        new Date(startsAt.getTime() - 2 * DAY),
      );
    };
    const later = await book(new Date(TEST_NOW.getTime() + 5 * DAY));
    const sooner = await book(new Date(TEST_NOW.getTime() + 2 * DAY));
    await book(new Date(TEST_NOW.getTime() + 3 * DAY), { meetingType: 'Webinar' });
    const cancelled = await book(new Date(TEST_NOW.getTime() + 4 * DAY));
    await t.db.update(meetings).set({ status: 'cancelled' }).where(eq(meetings.id, cancelled.id));
    await book(new Date(TEST_NOW.getTime() - 2 * DAY));

    const { tickets } = await home();
    expect(tickets).toEqual([sooner.id, later.id].map((id) => `/meetings/${id}/billet`));
  });

  it('suggests the companies near the teacher, each saying whether it is starred, and lacks nothing', async () => {
    const { teacher, home } = await teacherNearLyon();
    const starred = await insertCompany(t.db, { name: 'Aciéries du Rhône' });
    const other = await insertCompany(t.db, { name: 'Forges de Givors' });
    for (const company of [starred, other])
      await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() + 3 * DAY));
    await t.db
      .insert(favorites)
      .values({ teacherId: teacher.id, companyId: starred.id, createdAt: TEST_NOW });

    const page = await home();
    expect(page.firstName).toBe('Lucie');
    expect(page.missing).toBeNull();
    expect(Object.fromEntries(page.suggestions.map((s) => [s.name, s.starred]))).toEqual({
      'Aciéries du Rhône': true,
      'Forges de Givors': false,
    });
  });

  it('measures from the address the teacher chose, or from none: the suggestions find it themselves', async () => {
    // Their school in Toulouse, their own address in Lyon; a company near each, more than 100 km apart.
    const [school] = await t.db
      .insert(establishments)
      .values({ name: 'Lycée Déodat', type: 'lycee', departmentCode: '31', lat: 43.6, lng: 1.44 })
      .returning();
    const lyon = await insertCompany(t.db, { name: 'Aciéries du Rhône', lat: 45.76, lng: 4.84 });
    const toulouse = await insertCompany(t.db, { name: 'Aéro Garonne', lat: 43.61, lng: 1.45 });
    for (const company of [lyon, toulouse])
      await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() + 3 * DAY));
    const suggested = async (overrides: object) => {
      const { home } = await teacherNearLyon({ establishmentId: school?.id ?? null, ...overrides });
      return (await home()).suggestions.map((s) => [s.name, s.suggestionReasons?.[0]]);
    };

    expect(await suggested({})).toEqual([['Aciéries du Rhône', '1 km']]);
    expect(await suggested({ useEstablishmentAddress: true })).toEqual([['Aéro Garonne', '1 km']]);
    // No address of their own and a school without one: by criteria and dates alone, no distance.
    await t.db
      .update(establishments)
      .set({ lat: null, lng: null })
      .where(eq(establishments.id, school?.id ?? 0));
    expect(await suggested({ referenceLat: null, referenceLng: null })).toEqual([
      ['Aciéries du Rhône', 'métallurgie'],
      ['Aéro Garonne', 'métallurgie'],
    ]);
  });

  it('says what the suggestions lack: criteria and an address', async () => {
    const { home } = await teacherNearLyon({ sectors: [], referenceLat: null, referenceLng: null });
    expect((await home()).missing).toEqual({ criteria: true, address: true });
  });
});
