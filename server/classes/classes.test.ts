/**
 * A teacher's groups through the API (« Mes classes », docs/decisions/0045): the groups themselves, a
 * meeting's group, booking into a group, and the encounters and hours a group counts (held meetings only).
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { classGroups, meetings } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Answer = Awaited<ReturnType<TestApp['graphql']>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const GROUP_FIELDS = 'id name level schoolYear encountersCount hours';
const CREATE = `mutation ($input: ClassGroupInput!) { createGroup(input: $input) { ${GROUP_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: ClassGroupInput!) { updateGroup(id: $id, input: $input) { ${GROUP_FIELDS} } }`;
const DELETE = 'mutation ($id: ID!) { deleteGroup(id: $id) }';
const MY_GROUPS = `{ myGroups { ${GROUP_FIELDS} meetings { id } } }`;
const ASSIGN = `mutation ($meetingId: ID!, $groupId: ID) {
  assignMeetingToGroup(meetingId: $meetingId, groupId: $groupId) { id group { id name } }
}`;
const BOOK = 'mutation ($input: BookingInput!) { bookSlot(input: $input) { id group { id name } } }';

let t: TestApp;
let companyId: number;
let teacherId: number;
let tokens: Record<'teacher' | 'otherTeacher' | 'recruiter', string>;

const codeOf = (answer: Answer) => answer.errors?.[0]?.extensions?.code ?? 'ok';
const fieldsOf = (answer: Answer) => answer.errors?.[0]?.extensions?.fields;

async function create(input: Record<string, unknown>, token = tokens.teacher) {
  return t.graphql<{ createGroup: Record<string, unknown> & { id: string } }>(CREATE, { input }, { token });
}

async function groupId(name: string, token = tokens.teacher): Promise<string> {
  const answer = await create({ name }, token);
  if (!answer.data) throw new Error(JSON.stringify(answer.errors));
  return answer.data.createGroup.id;
}

/** A meeting of the teacher at the company, starting `hoursFromNow` from TEST_NOW. */
async function meetingAt(
  hoursFromNow: number,
  options: { minutes?: number; groupId?: string; status?: 'cancelled'; absent?: boolean } = {},
) {
  const slot = await insertSlot(t.db, companyId, new Date(TEST_NOW.getTime() + hoursFromNow * HOUR), {
    durationMinutes: options.minutes ?? 60,
  });
  const meeting = await insertMeeting(t.db, slot.id, teacherId, {
    groupId: options.groupId ? Number(options.groupId) : null,
    ...(options.status ? { status: options.status } : {}),
    ...(options.absent ? { absentAt: TEST_NOW } : {}),
  });
  return meeting.id;
}

beforeEach(async () => {
  t = await createTestApp();
  companyId = (await insertCompany(t.db, { name: 'Forges de Vénissieux' })).id;
  const teacher = await insertUser(t.db, { kind: 'teacher', email: 'ines@lycee.example' });
  const other = await insertUser(t.db, { kind: 'teacher', email: 'paul@college.example' });
  const recruiter = await insertUser(t.db, { kind: 'recruiter', companyId });
  teacherId = teacher.id;
  tokens = {
    teacher: await loginAs(t.db, teacher.id),
    otherTeacher: await loginAs(t.db, other.id),
    recruiter: await loginAs(t.db, recruiter.id),
  };
});
afterEach(() => t.close());

describe('a teacher’s groups', () => {
  it('are created in the current school year by default, listed by year then by name in French, renamed and deleted', async () => {
    const created = await create({ name: ' 4e B ', level: '4e' });
    expect(created.data?.createGroup).toMatchObject({
      name: '4e B',
      level: '4e',
      schoolYear: '2025-2026',
      encountersCount: 0,
      hours: 0,
    });
    await create({ name: 'Élèves de 3e', schoolYear: '2026-2027' });
    await create({ name: 'Cinquième A' });
    await create({ name: 'Ébénistes' });
    const mine = await t.graphql<{ myGroups: { name: string; schoolYear: string }[] }>(
      MY_GROUPS,
      {},
      { token: tokens.teacher },
    );
    expect(mine.data?.myGroups.map((group) => `${group.schoolYear} ${group.name}`)).toEqual([
      '2026-2027 Élèves de 3e',
      '2025-2026 4e B',
      '2025-2026 Cinquième A',
      '2025-2026 Ébénistes',
    ]);
    const id = created.data?.createGroup.id;
    const renamed = await t.graphql(
      UPDATE,
      { id, input: { name: '4e B (option)', level: null } },
      { token: tokens.teacher },
    );
    expect(renamed.data?.updateGroup).toMatchObject({
      name: '4e B (option)',
      level: null,
      schoolYear: '2025-2026',
    });
    expect((await t.graphql(DELETE, { id }, { token: tokens.teacher })).data?.deleteGroup).toBe(true);
    expect(
      await t.db
        .select()
        .from(classGroups)
        .where(eq(classGroups.id, Number(id))),
    ).toEqual([]);
  });

  it('refuse bad input with a French message under its field', async () => {
    const empty = await create({ name: '  ' });
    expect(codeOf(empty)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(empty)).toEqual({ name: 'Ce champ est requis' });
    const notConsecutive = await create({ name: '4e B', schoolYear: '2026-2028' });
    expect(fieldsOf(notConsecutive)).toEqual({
      schoolYear: 'Indiquez une année scolaire de la forme 2026-2027 : deux années qui se suivent.',
    });
    expect(fieldsOf(await create({ name: 'x'.repeat(81) }))).toEqual({ name: '80 caractères au maximum' });
    await groupId('4e B');
    expect(fieldsOf(await create({ name: '4E b' }))).toEqual({
      name: 'Vous avez déjà un groupe « 4E b » en 2025–2026.',
    });
    // Another school year may have its own 4e B.
    expect(codeOf(await create({ name: '4e B', schoolYear: '2026-2027' }))).toBe('ok');
  });

  it('are their teacher’s alone: another teacher gets NOT_FOUND, a company FORBIDDEN', async () => {
    const id = await groupId('4e B');
    expect(
      codeOf(await t.graphql(UPDATE, { id, input: { name: 'À moi' } }, { token: tokens.otherTeacher })),
    ).toBe('NOT_FOUND');
    expect(codeOf(await t.graphql(DELETE, { id }, { token: tokens.otherTeacher }))).toBe('NOT_FOUND');
    expect(codeOf(await create({ name: '4e B' }, tokens.recruiter))).toBe('FORBIDDEN');
    expect(codeOf(await t.graphql(MY_GROUPS))).toBe('UNAUTHENTICATED');
    const [row] = await t.db
      .select()
      .from(classGroups)
      .where(eq(classGroups.id, Number(id)));
    expect(row?.name).toBe('4e B');
  });

  it('leave their meetings in place, without a group, when deleted', async () => {
    const id = await groupId('4e B');
    const meetingId = await meetingAt(-48, { groupId: id });
    await t.graphql(DELETE, { id }, { token: tokens.teacher });
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, meetingId));
    expect(row).toMatchObject({ id: meetingId, status: 'confirmed', groupId: null });
  });

  it('count their held meetings only: done, not cancelled, the group not marked absent', async () => {
    const id = await groupId('4e B');
    await meetingAt(-72, { groupId: id, minutes: 90 });
    await meetingAt(-48, { groupId: id, minutes: 60 });
    await meetingAt(-24, { groupId: id, minutes: 120, status: 'cancelled' });
    await meetingAt(-30, { groupId: id, minutes: 45, absent: true });
    await meetingAt(48, { groupId: id, minutes: 180 });
    await meetingAt(-96, { minutes: 240 });
    const mine = await t.graphql<{
      myGroups: { encountersCount: number; hours: number; meetings: unknown[] }[];
    }>(MY_GROUPS, {}, { token: tokens.teacher });
    expect(mine.data?.myGroups[0]).toMatchObject({ encountersCount: 2, hours: 2.5 });
    expect(mine.data?.myGroups[0]?.meetings).toHaveLength(5);
    // The upcoming one counts once it is over.
    t.clock.set(new Date(TEST_NOW.getTime() + 3 * DAY));
    const later = await t.graphql<{ myGroups: { encountersCount: number; hours: number }[] }>(
      MY_GROUPS,
      {},
      { token: tokens.teacher },
    );
    expect(later.data?.myGroups[0]).toMatchObject({ encountersCount: 3, hours: 5.5 });
  });
});

describe('a meeting’s group', () => {
  it('is set and taken away by the meeting’s teacher, and seen by them alone', async () => {
    const id = await groupId('4e B');
    const meetingId = await meetingAt(48);
    const filed = await t.graphql(ASSIGN, { meetingId, groupId: id }, { token: tokens.teacher });
    expect(filed.data?.assignMeetingToGroup).toEqual({ id: String(meetingId), group: { id, name: '4e B' } });
    const seen = 'query ($id: ID!) { meeting(id: $id) { group { name } } }';
    expect((await t.graphql(seen, { id: meetingId }, { token: tokens.recruiter })).data?.meeting).toEqual({
      group: null,
    });
    const detached = await t.graphql(ASSIGN, { meetingId, groupId: null }, { token: tokens.teacher });
    expect(detached.data?.assignMeetingToGroup).toEqual({ id: String(meetingId), group: null });
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, meetingId));
    expect(row?.groupId).toBeNull();
  });

  it('is refused for another’s meeting (NOT_FOUND) and another’s group (under groupId)', async () => {
    const mine = await groupId('4e B');
    const theirs = await groupId('6e A', tokens.otherTeacher);
    const meetingId = await meetingAt(48);
    expect(
      codeOf(await t.graphql(ASSIGN, { meetingId, groupId: mine }, { token: tokens.otherTeacher })),
    ).toBe('NOT_FOUND');
    const foreign = await t.graphql(ASSIGN, { meetingId, groupId: theirs }, { token: tokens.teacher });
    expect(codeOf(foreign)).toBe('BAD_USER_INPUT');
    expect(fieldsOf(foreign)).toEqual({
      groupId: 'Ce groupe n’existe pas ou n’est pas le vôtre : choisissez un de vos groupes.',
    });
    expect(
      fieldsOf(await t.graphql(ASSIGN, { meetingId, groupId: '999' }, { token: tokens.teacher })),
    ).toEqual(fieldsOf(foreign));
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, meetingId));
    expect(row?.groupId).toBeNull();
  });

  it('can be chosen when booking; someone else’s group books nothing', async () => {
    const slot = await insertSlot(t.db, companyId, new Date('2026-03-20T08:00:00Z'));
    const input = {
      slotId: String(slot.id),
      participantsCount: 12,
      publicCategory: 'highSchool',
      acceptCharter: true,
    };
    const theirs = await groupId('6e A', tokens.otherTeacher);
    const refused = await t.graphql(
      BOOK,
      { input: { ...input, groupId: theirs } },
      { token: tokens.teacher },
    );
    expect(fieldsOf(refused)).toEqual({
      groupId: 'Ce groupe n’existe pas ou n’est pas le vôtre : choisissez un de vos groupes.',
    });
    expect(await t.db.select().from(meetings)).toEqual([]);
    const id = await groupId('4e B');
    const booked = await t.graphql(BOOK, { input: { ...input, groupId: id } }, { token: tokens.teacher });
    expect(booked.errors).toBeUndefined();
    expect(booked.data?.bookSlot).toMatchObject({ group: { id, name: '4e B' } });
  });
});
