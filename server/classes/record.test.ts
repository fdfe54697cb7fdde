import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { classGroups } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
} from '../../tests/fixtures/app.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { classRecordFor, groupRecordFor } from './record.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let t: TestApp;

const viewerOf = (id: number): Viewer => ({
  id,
  kind: 'teacher',
  companyId: null,
  firstName: 'Inès',
  lastName: 'Martin',
  sessionId: 's',
  regionCode: null,
});

/** A teacher (or a prescriber) with one group of 2025-2026 and three held meetings in it, one to come. */
async function teacherWithGroup(profileType: 'teacher' | 'prescriber') {
  const forges = await insertCompany(t.db, { sector: 'metallurgy' });
  const rail = await insertCompany(t.db, { sector: 'rail' });
  const teacher = await insertUser(t.db, { kind: 'teacher', profileType });
  const [group] = await t.db
    .insert(classGroups)
    .values({ teacherId: teacher.id, name: 'Garantie jeunes', schoolYear: '2025-2026' })
    .returning();
  const meet = async (companyId: number, startsAt: string, minutes: number, groupId: number | null) => {
    const slot = await insertSlot(t.db, companyId, new Date(startsAt), { durationMinutes: minutes });
    return (await insertMeeting(t.db, slot.id, teacher.id, { groupId })).id;
  };
  await meet(forges.id, '2025-10-07T08:00:00Z', 90, group?.id ?? null);
  await meet(rail.id, '2026-01-13T08:00:00Z', 60, group?.id ?? null);
  await meet(forges.id, '2026-02-03T08:00:00Z', 120, group?.id ?? null);
  await meet(rail.id, '2026-04-14T08:00:00Z', 60, group?.id ?? null);
  const loose = await meet(rail.id, '2026-02-10T08:00:00Z', 60, null);
  return { viewer: viewerOf(teacher.id), groupId: group?.id ?? 0, loose };
}

beforeEach(async () => {
  t = await createTestApp();
});
afterEach(() => t.close());

describe('the class record', () => {
  it('counts a group’s held meetings, hours and sectors; a prescriber’s hours over a period too', async () => {
    const { viewer } = await teacherWithGroup('prescriber');
    const record = await classRecordFor(viewer, { from: '2026-01-01', to: '2026-01-31' }, t.deps);
    expect(record).toMatchObject({
      schoolYear: '2025-2026',
      prescriber: true,
      period: { from: '2026-01-01', to: '2026-01-31' },
    });
    expect(record.groups.map(({ group, ...tally }) => ({ name: group.name, ...tally }))).toEqual([
      {
        name: 'Garantie jeunes',
        encountersCount: 3,
        hours: 4.5,
        sectors: ['rail', 'metallurgy'],
        periodHours: 1,
      },
    ]);
    const wholeYear = await classRecordFor(viewer, {}, t.deps);
    expect(wholeYear.period).toEqual({ from: '2025-09-01', to: '2026-08-31' });
    expect(wholeYear.groups[0]?.periodHours).toBe(4.5);
  });

  it('gives school teachers no period, and another school year no groups', async () => {
    const { viewer } = await teacherWithGroup('teacher');
    const record = await classRecordFor(viewer, {}, t.deps);
    expect(record.prescriber).toBe(false);
    expect(record.groups[0]?.periodHours).toBeNull();
    const next = await classRecordFor(viewer, { schoolYear: '2026-2027' }, t.deps);
    expect(next.groups).toEqual([]);
    expect(next.schoolYears).toEqual(['2025-2026']);
  });

  it('shows a group’s meetings with their state, what they showed, and the year’s meetings without a group', async () => {
    const { viewer, groupId, loose } = await teacherWithGroup('teacher');
    const record = await groupRecordFor(viewer, groupId, t.deps);
    expect(record.encounters.map((encounter) => [encounter.day, encounter.state])).toEqual([
      ['2025-10-07', 'held'],
      ['2026-01-13', 'held'],
      ['2026-02-03', 'held'],
      ['2026-04-14', 'upcoming'],
    ]);
    expect(record).toMatchObject({ encountersCount: 3, hours: 4.5, sectors: ['rail', 'metallurgy'] });
    expect(record.unfiled.map((encounter) => encounter.meetingId)).toEqual([loose]);
    await expect(groupRecordFor(viewerOf(viewer.id + 100), groupId, t.deps)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});

describe('one class, two places at once', () => {
  it('marks the group’s upcoming meetings that overlap or follow each other too closely elsewhere', async () => {
    const { viewer, groupId } = await teacherWithGroup('teacher');
    const teacherId = viewer.id;
    const elsewhere = await insertCompany(t.db, { sector: 'aerospace' });
    const slot = await insertSlot(t.db, elsewhere.id, new Date('2026-04-14T09:30:00Z'), {
      durationMinutes: 60,
    });
    const close = (await insertMeeting(t.db, slot.id, teacherId, { groupId })).id;
    const record = await groupRecordFor(viewer, groupId, t.deps);
    const april = record.encounters.find((encounter) => encounter.startsAt === '2026-04-14T08:00:00.000Z');
    // 09:00 at one company, 09:30 at another: no time to travel.
    expect(record.clashingIds.sort()).toEqual([april?.meetingId, close].sort());
  });
});
