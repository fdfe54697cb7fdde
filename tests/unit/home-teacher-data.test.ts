import { eq } from 'drizzle-orm';
import type { PageContextServer } from 'vike/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { favorites, meetings } from '../../db/schema.ts';
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
    return { teacher, home: () => data({ viewer, deps: t.deps } as unknown as PageContextServer) };
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

  it('says what the suggestions lack: criteria and an address', async () => {
    const { home } = await teacherNearLyon({ sectors: [], referenceLat: null, referenceLng: null });
    expect((await home()).missing).toEqual({ criteria: true, address: true });
  });
});
