import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES } from '../../common/feedback.ts';
import { TEXT_MESSAGES } from '../../common/text.ts';
import { feedback, meetings } from '../../db/schema.ts';
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

const HOUR = 3_600_000;
const SUBMIT = `mutation ($input: FeedbackInput!) {
  submitFeedback(input: $input) { id organisation matching engagement liked suggestions createdAt meeting { id status } }
}`;
const MEETING =
  'query ($id: ID!) { meeting(id: $id) { id status feedbackDue feedback { organisation liked } } }';

let t: TestApp;
let teacher: string;
let otherTeacher: string;
let recruiter: string;
let admin: string;
/** Done yesterday. */
let done: number;

beforeEach(async () => {
  t = await createTestApp();
  const company = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
  const teacherRow = await insertUser(t.db, {
    kind: 'teacher',
    email: 'ines@lycee.example',
    firstName: 'Inès',
  });
  teacher = await loginAs(t.db, teacherRow.id);
  otherTeacher = await loginAs(t.db, (await insertUser(t.db, { kind: 'teacher' })).id);
  recruiter = await loginAs(t.db, (await insertUser(t.db, { kind: 'recruiter', companyId: company.id })).id);
  admin = await loginAs(t.db, (await insertUser(t.db, { kind: 'admin' })).id);
  const yesterday = await insertSlot(t.db, company.id, new Date(TEST_NOW.getTime() - 20 * HOUR));
  done = (await insertMeeting(t.db, yesterday.id, teacherRow.id)).id;
});
afterEach(() => t.close());

const answers = (overrides: Record<string, unknown> = {}) => ({
  meetingId: String(done),
  organisation: 4,
  matching: 3,
  engagement: 4,
  liked: 'La visite de l’atelier de soudure.',
  suggestions: 'Un peu plus de temps pour les questions.',
  ...overrides,
});

describe('submitFeedback', () => {
  it('records the teacher’s answers on a done meeting, which then waits for nothing more', async () => {
    const before = await t.graphql(MEETING, { id: done }, { token: teacher });
    expect(before.data?.meeting).toMatchObject({ status: 'done', feedbackDue: true, feedback: null });

    const { data, errors } = await t.graphql(SUBMIT, { input: answers() }, { token: teacher });
    expect(errors).toBeUndefined();
    expect(data?.submitFeedback).toMatchObject({
      organisation: 4,
      matching: 3,
      engagement: 4,
      liked: 'La visite de l’atelier de soudure.',
      createdAt: TEST_NOW.toISOString(),
      meeting: { id: String(done), status: 'done' },
    });
    const after = await t.graphql(MEETING, { id: done }, { token: teacher });
    expect(after.data?.meeting).toMatchObject({
      feedbackDue: false,
      feedback: { organisation: 4, liked: 'La visite de l’atelier de soudure.' },
    });
    // Its company reads the answers on the meeting too.
    const seenByCompany = await t.graphql(MEETING, { id: done }, { token: recruiter });
    expect(seenByCompany.data?.meeting).toMatchObject({ feedback: { organisation: 4 } });
  });

  it('takes one answer per meeting: the second gets feedback_already_given and changes nothing', async () => {
    await t.graphql(SUBMIT, { input: answers() }, { token: teacher });
    const again = await t.graphql(SUBMIT, { input: answers({ organisation: 1 }) }, { token: teacher });
    expect(again.errors?.[0]?.extensions?.code).toBe('feedback_already_given');
    expect(again.errors?.[0]?.message).toBe('Vous avez déjà donné votre avis sur ce rendez-vous.');
    expect((await t.db.select().from(feedback)).map((row) => row.organisation)).toEqual([4]);
  });

  it('keeps one of two answers sent at the same time', async () => {
    const results = await Promise.all([
      t.graphql(SUBMIT, { input: answers({ organisation: 1 }) }, { token: teacher }),
      t.graphql(SUBMIT, { input: answers({ organisation: 2 }) }, { token: teacher }),
    ]);
    expect(results.map((r) => r.errors?.[0]?.extensions?.code ?? 'ok').sort()).toEqual([
      'feedback_already_given',
      'ok',
    ]);
    expect(await t.db.select().from(feedback)).toHaveLength(1);
  });

  it('is the meeting’s teacher’s alone', async () => {
    const codes = async (token?: string) =>
      (await t.graphql(SUBMIT, { input: answers() }, token ? { token } : {})).errors?.[0]?.extensions?.code;
    expect(await codes()).toBe('UNAUTHENTICATED');
    expect(await codes(otherTeacher)).toBe('NOT_FOUND');
    expect(await codes(recruiter)).toBe('FORBIDDEN');
    expect(await codes(admin)).toBe('FORBIDDEN');
    expect(await t.db.select().from(feedback)).toEqual([]);
  });

  it('waits for the end of the meeting, and a cancelled meeting has none: meeting_not_done', async () => {
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, done));
    const slotOf = async (startsAt: Date) => (await insertSlot(t.db, 1, startsAt)).id;
    const teacherId = row?.teacherId ?? 0;
    const future = await insertMeeting(
      t.db,
      await slotOf(new Date(TEST_NOW.getTime() + 2 * HOUR)),
      teacherId,
    );
    const ongoing = await insertMeeting(
      t.db,
      await slotOf(new Date(TEST_NOW.getTime() - HOUR / 2)),
      teacherId,
    );
    const cancelled = await insertMeeting(
      t.db,
      await slotOf(new Date(TEST_NOW.getTime() - 30 * HOUR)),
      teacherId,
      {
        status: 'cancelled',
      },
    );
    for (const meeting of [future, ongoing, cancelled]) {
      const { errors } = await t.graphql(
        SUBMIT,
        { input: answers({ meetingId: String(meeting.id) }) },
        { token: teacher },
      );
      expect(errors?.[0]?.extensions?.code, `meeting ${meeting.id}`).toBe('meeting_not_done');
    }
    const cancelledMeeting = await t.graphql(MEETING, { id: cancelled.id }, { token: teacher });
    expect(cancelledMeeting.data?.meeting).toMatchObject({ status: 'cancelled', feedbackDue: false });
    // The meeting is done an hour later: the answer is taken then.
    t.clock.set(new Date(TEST_NOW.getTime() + 4 * HOUR));
    const later = await t.graphql(
      SUBMIT,
      { input: answers({ meetingId: String(future.id) }) },
      { token: teacher },
    );
    expect(later.errors).toBeUndefined();
  });

  it('refuses ratings outside 1 to 4 and texts over their cap, under their field, writing nothing', async () => {
    for (const [field, value, fields] of [
      ['organisation', 0, { organisation: FEEDBACK_MESSAGES.chooseRating }],
      ['matching', 5, { matching: FEEDBACK_MESSAGES.chooseRating }],
      // Not a whole number, or none: GraphQL's own check, before the questionnaire's.
      ['engagement', 2.5, { 'input.engagement': 'Un nombre entier est attendu' }],
      ['organisation', null, { 'input.organisation': 'Ce champ est requis' }],
    ] as const) {
      const { errors } = await t.graphql(SUBMIT, { input: answers({ [field]: value }) }, { token: teacher });
      expect(errors?.[0]?.extensions?.code, `${field} ${value}`).toBe('BAD_USER_INPUT');
      expect(errors?.[0]?.extensions?.fields).toEqual(fields);
    }
    const long = await t.graphql(
      SUBMIT,
      { input: answers({ suggestions: 'é'.repeat(2001) }) },
      { token: teacher },
    );
    expect(long.errors?.[0]?.extensions?.fields).toEqual({ suggestions: TEXT_MESSAGES.tooLong(2000) });
    expect(await t.db.select().from(feedback)).toEqual([]);
    // At the cap, with its line breaks: taken as written (CR LF as LF).
    const atCap = await t.graphql(
      SUBMIT,
      { input: answers({ liked: `Tout.\r\n${'é'.repeat(1994)}`, suggestions: '' }) },
      { token: teacher },
    );
    expect(atCap.data?.submitFeedback).toMatchObject({
      liked: `Tout.\n${'é'.repeat(1994)}`,
      suggestions: null,
    });
  });

  it('asks nothing of a group the company marked absent', async () => {
    await t.db.run(sql`UPDATE meetings SET absent_at = ${TEST_NOW.getTime()} WHERE id = ${done}`);
    const { data } = await t.graphql(MEETING, { id: done }, { token: teacher });
    expect(data?.meeting).toMatchObject({ feedbackDue: false });
  });
});
