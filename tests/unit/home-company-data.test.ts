import { eq } from 'drizzle-orm';
import type { PageContextServer } from 'vike/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { meetings } from '../../db/schema.ts';
import { data } from '../../pages/home-company/+data.ts';
import type { Viewer } from '../../server/kernel/viewer.ts';
import { bookAs, createTestApp, insertCompany, insertSlot, insertUser, TEST_NOW } from '../fixtures/app.ts';

describe('the company home’s next meetings (issue 9)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('lists the meetings that still stand, not the cancelled ones', async () => {
    const company = await insertCompany(t.db);
    const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: company.id, firstName: 'Inès' });
    const slot = await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() + 86_400_000));
    const booked = async () => {
      const teacher = await insertUser(t.db, { kind: 'teacher' });
      return bookAs(
        t.db,
        {
          teacherId: teacher.id,
          slotId: slot.id,
          participantsCount: 2,
          publicCategory: 'highSchool',
          acceptCharter: true,
        },
        TEST_NOW,
      );
    };
    const kept = await booked();
    const cancelled = await booked();
    await t.db.update(meetings).set({ status: 'cancelled' }).where(eq(meetings.id, cancelled.id));

    const viewer: Viewer = {
      ...recruiter,
      kind: 'recruiter',
      companyId: company.id,
      sessionId: 's',
      regionCode: null,
    };
    const home = await data({ viewer, deps: t.deps } as unknown as PageContextServer);
    expect(home.meetings.map((meeting) => meeting.id)).toEqual([kept.id]);
  });

  it('carries a new company’s first steps, all to do (issue 21)', async () => {
    const company = await insertCompany(t.db);
    const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId: company.id });
    const viewer: Viewer = {
      ...recruiter,
      kind: 'recruiter',
      companyId: company.id,
      sessionId: 's',
      regionCode: null,
    };
    const home = await data({ viewer, deps: t.deps } as unknown as PageContextServer);
    expect(home.firstSteps?.doneCount).toBe(0);
    expect(home.firstSteps?.steps).toHaveLength(5);
  });
});
