import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedback } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { meetingsAwaitingFeedback } from './index.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
const DAY = 86_400_000;

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('meetingsAwaitingFeedback (the home page asks for the opinions still due)', () => {
  it('finds a meeting still due behind many answered ones, reading the past in batches', async () => {
    const company = await insertCompany(t.db, { name: 'Aciéries de Givors' });
    const teacher = await insertUser(t.db, { kind: 'teacher' });
    const viewer: Viewer = {
      id: teacher.id,
      kind: 'teacher',
      companyId: null,
      firstName: 'Inès',
      lastName: 'Roux',
      sessionId: 's',
      regionCode: null,
    };
    const meetingOn = async (daysAgo: number) => {
      const slot = await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() - daysAgo * DAY));
      return (await insertMeeting(t.db, slot.id, teacher.id)).id;
    };
    // 45 meetings answered, the latest ones; two older ones still wait, more than two batches back.
    for (let day = 1; day <= 45; day++) {
      const id = await meetingOn(day);
      await t.db.insert(feedback).values({ meetingId: id, organisation: 4, matching: 4, engagement: 4 });
    }
    const older = await meetingOn(50);
    const oldest = await meetingOn(60);

    const due = await meetingsAwaitingFeedback(viewer, { limit: 3 }, t.deps);
    expect(due.map((meeting) => meeting.id)).toEqual([older, oldest]);
    expect(due.every((meeting) => meeting.feedbackDue)).toBe(true);

    const first = await meetingsAwaitingFeedback(viewer, { limit: 1 }, t.deps);
    expect(first.map((meeting) => meeting.id)).toEqual([older]);
  });
});
