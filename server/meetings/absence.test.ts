import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { meetings } from '../../db/schema.ts';
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
const DAY = 24 * HOUR;
const MARK = 'mutation ($id: ID!) { markAbsent(meetingId: $id) { id status absent } }';

let t: TestApp;
let tokens: Record<'teacher' | 'recruiter' | 'otherRecruiter' | 'admin', string>;
let companyId: number;
let teacherId: number;

async function meetingEnded(hoursAgo: number, overrides: Parameters<typeof insertMeeting>[3] = {}) {
  const slot = await insertSlot(t.db, companyId, new Date(TEST_NOW.getTime() - (hoursAgo + 1) * HOUR));
  return (await insertMeeting(t.db, slot.id, teacherId, overrides)).id;
}

const mark = async (id: number, token?: string) => t.graphql(MARK, { id }, token ? { token } : {});
const codeOf = (answer: Awaited<ReturnType<typeof mark>>) => answer.errors?.[0]?.extensions?.code ?? 'ok';

beforeEach(async () => {
  t = await createTestApp();
  const company = await insertCompany(t.db, { name: 'Forges de Vénissieux', phone: '0478000000' });
  const other = await insertCompany(t.db, { name: 'Usine du Port' });
  companyId = company.id;
  const teacher = await insertUser(t.db, { kind: 'teacher', email: 'ines@lycee.example', firstName: 'Inès' });
  teacherId = teacher.id;
  tokens = {
    teacher: await loginAs(t.db, teacher.id),
    recruiter: await loginAs(t.db, (await insertUser(t.db, { kind: 'recruiter', companyId })).id),
    otherRecruiter: await loginAs(
      t.db,
      (await insertUser(t.db, { kind: 'recruiter', companyId: other.id })).id,
    ),
    admin: await loginAs(t.db, (await insertUser(t.db, { kind: 'admin' })).id),
  };
});
afterEach(() => t.close());

describe('markAbsent', () => {
  it('lets the company say the group did not come, stores it and tells the teacher, once', async () => {
    const id = await meetingEnded(2);
    const { data, errors } = await mark(id, tokens.recruiter);
    expect(errors).toBeUndefined();
    expect(data?.markAbsent).toEqual({ id: String(id), status: 'done', absent: true });
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, id));
    expect(row?.absentAt).toEqual(TEST_NOW);
    // Said again: the same answer, no second e-mail.
    expect(codeOf(await mark(id, tokens.recruiter))).toBe('ok');
    await t.deps.outbox.wake();
    expect(t.mail.messages.map((message) => [message.to, message.subject])).toEqual([
      ['ines@lycee.example', 'Absence signalée : Forges de Vénissieux, mardi 10 mars 2026 à 07:00'],
    ]);
    expect(t.mail.messages[0]?.text).toContain('contactez l’entreprise au 0478000000');
    const seen = await t.graphql(
      'query ($id: ID!) { meeting(id: $id) { absent } }',
      { id },
      { token: tokens.teacher },
    );
    expect(seen.data?.meeting).toEqual({ absent: true });
  });

  it('is the hosting company’s alone', async () => {
    const id = await meetingEnded(2);
    expect(codeOf(await mark(id))).toBe('UNAUTHENTICATED');
    expect(codeOf(await mark(id, tokens.teacher))).toBe('FORBIDDEN');
    expect(codeOf(await mark(id, tokens.admin))).toBe('FORBIDDEN');
    expect(codeOf(await mark(id, tokens.otherRecruiter))).toBe('NOT_FOUND');
    const [row] = await t.db.select().from(meetings).where(eq(meetings.id, id));
    expect(row?.absentAt).toBeNull();
  });

  it('waits for the end of the meeting, refuses a cancelled one, and closes 7 days after the end', async () => {
    const notEnded = await meetingEnded(-0.5);
    const cancelled = await meetingEnded(2, { status: 'cancelled' });
    const justInTime = await meetingEnded(7 * 24);
    const tooLate = await meetingEnded(7 * 24 + 1);
    expect(codeOf(await mark(notEnded, tokens.recruiter))).toBe('meeting_not_done');
    expect(codeOf(await mark(cancelled, tokens.recruiter))).toBe('meeting_not_done');
    expect(codeOf(await mark(justInTime, tokens.recruiter))).toBe('ok');
    const late = await mark(tooLate, tokens.recruiter);
    expect(codeOf(late)).toBe('absence_window_closed');
    expect(late.errors?.[0]?.message).toBe(
      'Le délai pour signaler l’absence d’un groupe est dépassé : 7 jours après la fin du rendez-vous.',
    );
    t.clock.set(new Date(TEST_NOW.getTime() + DAY));
    expect(codeOf(await mark(notEnded, tokens.recruiter))).toBe('ok');
  });
});
