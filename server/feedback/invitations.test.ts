import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { feedback, feedbackInvitations } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { runJob } from '../main/scheduled.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let companyId: number;

/** A meeting of a teacher of their own, the slot starting `hoursAgo` before now (an hour long). */
async function meeting(email: string, hoursAgo: number, overrides: Parameters<typeof insertMeeting>[3] = {}) {
  const teacher = await insertUser(t.db, { kind: 'teacher', email, firstName: email.split('@')[0] });
  const slot = await insertSlot(t.db, companyId, new Date(TEST_NOW.getTime() - hoursAgo * HOUR));
  return insertMeeting(t.db, slot.id, teacher.id, overrides);
}

async function runAndDeliver(job: string) {
  const report = await runJob(job, t.deps);
  await t.deps.outbox.wake();
  return report;
}

const sentTo = (subject: RegExp) =>
  t.mail.messages.filter((message) => subject.test(message.subject)).map((message) => message.to);

beforeEach(async () => {
  t = await createTestApp();
  companyId = (await insertCompany(t.db, { name: 'Forges de Vénissieux' })).id;
});
afterEach(() => t.close());

describe('feedback-invitations', () => {
  it('invites the teacher of each meeting just done, once, however often it runs', async () => {
    const done = await meeting('lea@lycee.example', 3);
    const report = await runAndDeliver('feedback-invitations');
    expect(report).toEqual({ candidates: 1, sent: 1, failed: 0 });
    expect(await runAndDeliver('feedback-invitations')).toEqual({ candidates: 0, sent: 0, failed: 0 });
    expect(sentTo(/^Votre avis sur votre rencontre/)).toEqual(['lea@lycee.example']);
    const [mail] = t.mail.messages;
    expect(mail?.subject).toBe('Votre avis sur votre rencontre avec Forges de Vénissieux');
    expect(mail?.text).toContain(`http://localhost:3000/feedback/${done.id}`);
    expect(mail?.html).toContain('Donner mon avis');
  });

  it('leaves out meetings not done, cancelled, answered, marked absent, of a deleted account, or long past', async () => {
    await meeting('avenir@lycee.example', -2);
    await meeting('en-cours@lycee.example', 0.5);
    await meeting('annule@lycee.example', 3, { status: 'cancelled' });
    await meeting('absent@lycee.example', 3, { absentAt: TEST_NOW });
    const answered = await meeting('repondu@lycee.example', 3);
    await t.db
      .insert(feedback)
      .values({ meetingId: answered.id, organisation: 4, matching: 4, engagement: 4 });
    const gone = await meeting('parti@lycee.example', 3);
    await t.db.run(sql`UPDATE users SET anonymized_at = ${TEST_NOW.getTime()} WHERE id = ${gone.teacherId}`);
    await meeting('ancien@lycee.example', 8 * 24 + 2);
    await meeting('juste@lycee.example', 6 * 24);
    await runAndDeliver('feedback-invitations');
    expect(sentTo(/./)).toEqual(['juste@lycee.example']);
  });

  it('sends nothing twice after a crash halfway: the rerun invites only those left', async () => {
    await meeting('un@lycee.example', 5);
    await meeting('deux@lycee.example', 4);
    await meeting('trois@lycee.example', 3);
    // The second e-mail cannot be queued: its meeting's transaction fails, the others go on.
    await t.db.run(
      sql.raw(`CREATE TRIGGER crash BEFORE INSERT ON outbox WHEN NEW.payload LIKE '%deux@lycee%'
        BEGIN SELECT RAISE(ABORT, 'disk full'); END`),
    );
    expect(await runAndDeliver('feedback-invitations')).toEqual({ candidates: 3, sent: 2, failed: 1 });
    expect(
      t.logs.some(
        (line) => line.message === 'feedback e-mail not queued' && line.job === 'feedback-invitations',
      ),
    ).toBe(true);
    expect(await t.db.select().from(feedbackInvitations)).toHaveLength(2);
    await t.db.run(sql.raw('DROP TRIGGER crash'));
    expect(await runAndDeliver('feedback-invitations')).toEqual({ candidates: 1, sent: 1, failed: 0 });
    expect(await runAndDeliver('feedback-invitations')).toEqual({ candidates: 0, sent: 0, failed: 0 });
    expect(sentTo(/./).sort()).toEqual(['deux@lycee.example', 'trois@lycee.example', 'un@lycee.example']);
  });
});

describe('feedback-reminders', () => {
  it('reminds once, three days after the invitation, a teacher who has not answered; none after that', async () => {
    const silent = await meeting('silence@lycee.example', 3);
    const answering = await meeting('reponse@lycee.example', 3);
    await runAndDeliver('feedback-invitations');
    await runAndDeliver('feedback-reminders');
    t.clock.set(new Date(TEST_NOW.getTime() + 3 * DAY - HOUR));
    expect(await runAndDeliver('feedback-reminders')).toEqual({ candidates: 0, sent: 0, failed: 0 });

    await t.db
      .insert(feedback)
      .values({ meetingId: answering.id, organisation: 3, matching: 3, engagement: 3 });
    t.clock.set(new Date(TEST_NOW.getTime() + 3 * DAY));
    expect(await runAndDeliver('feedback-reminders')).toEqual({ candidates: 1, sent: 1, failed: 0 });
    expect(await runAndDeliver('feedback-reminders')).toEqual({ candidates: 0, sent: 0, failed: 0 });
    for (const days of [4, 6, 10, 20]) {
      t.clock.set(new Date(TEST_NOW.getTime() + days * DAY));
      await runAndDeliver('feedback-reminders');
      await runAndDeliver('feedback-invitations');
    }
    expect(sentTo(/^Rappel/)).toEqual(['silence@lycee.example']);
    expect(sentTo(/^Votre avis/).sort()).toEqual(['reponse@lycee.example', 'silence@lycee.example']);
    const [reminder] = t.mail.messages.filter((message) => message.subject.startsWith('Rappel'));
    expect(reminder?.text).toContain(`/feedback/${silent.id}`);
    expect(reminder?.text).toContain('C’est le seul rappel que vous recevrez.');
  });

  it('does not remind a teacher whose group the company marked absent since', async () => {
    const marked = await meeting('absent@lycee.example', 3);
    await runAndDeliver('feedback-invitations');
    await t.db.run(sql`UPDATE meetings SET absent_at = ${TEST_NOW.getTime()} WHERE id = ${marked.id}`);
    t.clock.set(new Date(TEST_NOW.getTime() + 3 * DAY));
    expect(await runAndDeliver('feedback-reminders')).toEqual({ candidates: 0, sent: 0, failed: 0 });
  });
});
