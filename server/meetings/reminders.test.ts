import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { meetingReminders } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertMeeting,
  insertSlot,
  insertUser,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { runJob } from '../main/scheduled.ts';
import { verifyLink } from '../signed-links.ts';
import { REMINDER_CHUNK } from './reminders.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let companyId: number;

const at = (ms: number) => new Date(TEST_NOW.getTime() + ms);

/**
 * A meeting of a teacher of its own, starting `startsIn` after TEST_NOW, booked `bookedBefore` its start
 * (ten days by default).
 */
async function meeting(
  email: string,
  startsIn: number,
  options: {
    bookedBefore?: number;
    slot?: Parameters<typeof insertSlot>[3];
    meeting?: Parameters<typeof insertMeeting>[3];
  } = {},
) {
  const teacher = await insertUser(t.db, { kind: 'teacher', email, firstName: email.split('@')[0] });
  const slot = await insertSlot(t.db, companyId, at(startsIn), options.slot);
  return insertMeeting(t.db, slot.id, teacher.id, {
    createdAt: at(startsIn - (options.bookedBefore ?? 10 * DAY)),
    ...options.meeting,
  });
}

async function runAndDeliver() {
  const report = await runJob('meeting-reminders', t.deps);
  await t.deps.outbox.wake();
  return report;
}

const reminders = () => t.mail.messages.filter((message) => message.subject.startsWith('Rappel'));
const remindersTo = (email: string) => reminders().filter((message) => message.to === email);

beforeEach(async () => {
  t = await createTestApp();
  const company = await insertCompany(t.db, { name: 'Forges de Vénissieux', phone: '0478000000' });
  companyId = company.id;
  await insertUser(t.db, {
    kind: 'recruiter',
    companyId,
    email: 'rh@forges.example',
    firstName: 'Nadia',
  });
  await insertUser(t.db, {
    kind: 'recruiter',
    companyId,
    email: 'parti@forges.example',
    anonymizedAt: TEST_NOW,
  });
});
afterEach(() => t.close());

describe('meeting-reminders', () => {
  it('sends the three-day and the one-day reminder to both sides, each once, whether it runs every hour or twice in a row', async () => {
    await meeting('lea@lycee.example', 5 * DAY + 30 * 60_000);
    for (let hour = 0; hour <= 5 * 24 + 2; hour++) {
      t.clock.set(at(hour * HOUR));
      await runAndDeliver();
      if (hour % 7 === 0) await runAndDeliver();
    }
    const sentAt = (email: string) =>
      remindersTo(email).map((message) => [message.subject.includes('demain') ? '1d' : '3d']);
    expect(sentAt('lea@lycee.example')).toEqual([['3d'], ['1d']]);
    expect(sentAt('rh@forges.example')).toEqual([['3d'], ['1d']]);
    expect(remindersTo('parti@forges.example')).toEqual([]);
    const rows = await t.db.select().from(meetingReminders);
    // Due at the first run at most 72 hours (then 24 hours) before the start, 30 minutes past the hour.
    expect(rows.map((row) => [row.kind, row.sentAt.getTime() - TEST_NOW.getTime()])).toEqual([
      ['3d', 49 * HOUR],
      ['1d', 97 * HOUR],
    ]);
  });

  it('sends only the one-day reminder for a meeting booked within three days, even within a day', async () => {
    await meeting('deux-jours@lycee.example', 2 * DAY, { bookedBefore: 2 * DAY });
    await meeting('douze-heures@lycee.example', 12 * HOUR, { bookedBefore: 12 * HOUR });
    for (let hour = 0; hour <= 50; hour++) {
      t.clock.set(at(hour * HOUR));
      await runAndDeliver();
    }
    expect(remindersTo('deux-jours@lycee.example').map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Rappel\s: visite demain/),
    ]);
    expect(remindersTo('douze-heures@lycee.example')).toHaveLength(1);
    expect(remindersTo('rh@forges.example')).toHaveLength(2);
  });

  it('skips cancelled meetings, deleted teachers, meetings started or too far', async () => {
    await meeting('annule@lycee.example', 2 * DAY, { meeting: { status: 'cancelled' } });
    const gone = await meeting('parti@lycee.example', 2 * DAY);
    await t.db.run(sql`UPDATE users SET anonymized_at = ${TEST_NOW.getTime()} WHERE id = ${gone.teacherId}`);
    await meeting('commence@lycee.example', -10 * 60_000);
    await meeting('loin@lycee.example', 3 * DAY + HOUR);
    await meeting('deplace@lycee.example', 2 * DAY, { meeting: { status: 'reported' } });
    expect(await runAndDeliver()).toEqual({ due: 1, sent: 1, mails: 2, failed: 0 });
    expect(reminders().map((m) => m.to)).toEqual(['deplace@lycee.example', 'rh@forges.example']);
  });

  it('sends nothing twice after a crash: a failed chunk is all or nothing, the rerun sends what is left', async () => {
    const count = REMINDER_CHUNK + 5;
    for (let i = 0; i < count; i++) await meeting(`prof${i}@lycee.example`, 2 * DAY + i * 60_000);
    // An e-mail of the second chunk cannot be queued: that chunk's transaction fails, the first stays.
    await t.db.run(
      sql.raw(`CREATE TRIGGER crash BEFORE INSERT ON outbox WHEN NEW.payload LIKE '%prof${REMINDER_CHUNK + 2}@lycee%'
        BEGIN SELECT RAISE(ABORT, 'disk full'); END`),
    );
    expect(await runAndDeliver()).toEqual({
      due: count,
      sent: REMINDER_CHUNK,
      mails: 2 * REMINDER_CHUNK,
      failed: 5,
    });
    expect(t.logs.some((line) => line.message === 'meeting reminders not queued')).toBe(true);
    expect(await t.db.select().from(meetingReminders)).toHaveLength(REMINDER_CHUNK);
    await t.db.run(sql.raw('DROP TRIGGER crash'));
    expect(await runAndDeliver()).toEqual({ due: 5, sent: 5, mails: 10, failed: 0 });
    expect(await runAndDeliver()).toEqual({ due: 0, sent: 0, mails: 0, failed: 0 });
    const teachers = reminders().filter((m) => m.to !== 'rh@forges.example');
    expect(new Set(teachers.map((m) => m.to)).size).toBe(count);
    expect(teachers).toHaveLength(count);
  });

  it('sends the new date its reminders when the company moves the slot', async () => {
    const moved = await meeting('deplace@lycee.example', 2 * DAY);
    await runAndDeliver();
    expect(remindersTo('deplace@lycee.example')).toHaveLength(1);
    await t.db.run(
      sql`UPDATE slots SET starts_at = ${at(2 * DAY + 6 * HOUR).getTime()}, ends_at = ${at(2 * DAY + 7 * HOUR).getTime()} WHERE id = ${moved.slotId}`,
    );
    // What the slots domain publishes when its company moves it (slots/use-cases.ts updateSlot).
    await t.db.transaction((tx) =>
      t.deps.events.publish(
        tx,
        'slot.changed',
        { slotId: moved.slotId, changes: [], moved: { previousStartsAt: at(2 * DAY).toISOString() } },
        TEST_NOW,
      ),
    );
    await runAndDeliver();
    expect(remindersTo('deplace@lycee.example')).toHaveLength(2);
  });
});

describe('the reminder e-mail', () => {
  it('says when from the real distance in the slot’s zone, whenever it is sent: today, tomorrow, in N days', async () => {
    // The job runs on Tuesday 10 March at 10:00 in Paris (09:00 UTC), 13:00 in La Réunion.
    await meeting('ce-soir@lycee.example', 8 * HOUR); // 18:00 in Paris, the same day
    await meeting('mercredi@lycee.example', 25 * HOUR); // Wednesday 11:00: its three-day reminder, late
    await meeting('vendredi@lycee.example', 3 * DAY);
    await meeting('reunion@lycee.example', 12 * HOUR, { slot: { timeZone: 'Indian/Reunion' } }); // 01:00 there, Wednesday
    await runAndDeliver();
    const subjectTo = (email: string) => remindersTo(email)[0]?.subject ?? '';
    expect(subjectTo('ce-soir@lycee.example')).toMatch(/^Rappel\s: visite aujourd’hui, /);
    expect(remindersTo('ce-soir@lycee.example')[0]?.html).toContain('Votre rendez-vous, c’est aujourd’hui');
    expect(subjectTo('mercredi@lycee.example')).toMatch(/^Rappel\s: visite demain, /);
    expect(subjectTo('vendredi@lycee.example')).toMatch(/^Rappel\s: visite dans 3 jours, /);
    expect(subjectTo('reunion@lycee.example')).toMatch(/^Rappel\s: visite demain, /);
  });

  it('says where and when in the slot’s zone, who comes, whom to call, what to prepare, with two signed links', async () => {
    const visit = await meeting('lea@lycee.example', 2 * DAY, {
      slot: { timeZone: 'Indian/Reunion', placeLabel: '12 rue des Forges, 97420 Le Port' },
      meeting: { participantsCount: 24, publicCategory: 'middleSchool' },
    });
    await runAndDeliver();
    const [teacherMail] = remindersTo('lea@lycee.example');
    const [companyMail] = remindersTo('rh@forges.example');
    if (!teacherMail || !companyMail) throw new Error('no reminder');
    // 2026-03-12T09:00Z is 13:00 at La Réunion.
    expect(teacherMail.subject).toBe(
      'Rappel : visite dans 2 jours, Forges de Vénissieux, jeudi 12 mars 2026 à 13:00 (heure de La Réunion)',
    );
    expect(teacherMail.text).toContain('Lieu : 12 rue des Forges, 97420 Le Port');
    expect(teacherMail.text).toContain('Participants : 24 participants (Collégiens)');
    expect(teacherMail.text).toContain('Téléphone de Forges de Vénissieux : 0478000000.');
    expect(teacherMail.text).toContain('Pour l’entreprise : Léa Durand, Responsable RH, 0612345678.');
    expect(teacherMail.text).toContain('• Vérifier les autorisations de sortie des élèves.');
    expect(teacherMail.text).toContain('• Une pièce d’identité pour chaque adulte accompagnateur.');
    expect(companyMail.text).toContain('• Prévenir l’accueil ou le poste de garde de l’arrivée du groupe.');
    expect(teacherMail.html).toContain('Je confirme');
    expect(teacherMail.html).toContain('Je ne peux plus venir');

    const tokens = (text: string) =>
      [
        ...text.matchAll(
          /(Je confirme|Je ne peux plus venir)\s:\nhttp:\/\/localhost:3000\/meeting-action\/(\S+)/g,
        ),
      ].map((match) => [match[1], match[2] ?? ''] as const);
    const teacherLinks = tokens(teacherMail.text);
    expect(teacherLinks.map(([label]) => label)).toEqual(['Je confirme', 'Je ne peux plus venir']);
    const [confirm, release] = teacherLinks.map(([, token]) => token);
    const secret = t.deps.config.JWT_SECRET;
    expect(verifyLink(secret, confirm ?? '', 'meeting-confirm', TEST_NOW)).toEqual({
      ok: true,
      link: {
        purpose: 'meeting-confirm',
        subject: visit.id,
        actor: visit.teacherId,
        expiresAt: at(2 * DAY).getTime(),
      },
    });
    expect(verifyLink(secret, release ?? '', 'meeting-release', TEST_NOW)).toMatchObject({ ok: true });
    const [companyConfirm] = tokens(companyMail.text).map(([, token]) => token);
    const check = verifyLink(secret, companyConfirm ?? '', 'meeting-confirm', TEST_NOW);
    expect(check.ok && check.link.actor).not.toBe(visit.teacherId);
  });

  it('gives a webinar its room: the slot’s external link, or without LiveKit the company’s word (issue 21)', async () => {
    const builtIn = await meeting('salle@lycee.example', 12 * HOUR, {
      slot: { meetingType: 'Webinar', videoLink: null },
    });
    await meeting('externe@lycee.example', 13 * HOUR, {
      slot: { meetingType: 'Webinar', videoLink: 'https://visio.example/forges' },
    });
    await runAndDeliver();
    // This platform has no LiveKit: no room that would never open (meetings.test.ts has the room with it).
    expect(remindersTo('salle@lycee.example')[0]?.text).toContain(
      'Lien de la visioconférence : Lien communiqué par l’entreprise',
    );
    expect(remindersTo('salle@lycee.example')[0]?.text).not.toContain(
      `/meeting-videoconference/${builtIn.slotId}`,
    );
    expect(remindersTo('externe@lycee.example')[0]?.text).toContain(
      'Lien de la visioconférence : https://visio.example/forges',
    );
    expect(remindersTo('salle@lycee.example')[0]?.text).toContain(
      '• Tester le son, la caméra et le lien de connexion la veille.',
    );
    // Without LiveKit there is no built-in room, and no test of it (issue 38).
    expect(
      reminders()
        .map((message) => message.text)
        .join(),
    ).not.toContain('/test-connexion');
  });

  it('sends both sides of a meeting in the built-in room to « Tester ma connexion », and no other meeting (issue 38)', async () => {
    t.close();
    t = await createTestApp({
      env: {
        LIVEKIT_URL: 'wss://visio.passerelle.test',
        LIVEKIT_API_KEY: 'APIcle-de-test',
        LIVEKIT_API_SECRET: 'un-secret-de-test-suffisamment-long-pour-hs256',
      },
    });
    companyId = (await insertCompany(t.db, { name: 'Forges de Vénissieux' })).id;
    await insertUser(t.db, { kind: 'recruiter', companyId, email: 'rh@forges.example', firstName: 'Nadia' });
    await meeting('salle@lycee.example', 12 * HOUR, { slot: { meetingType: 'Webinar', videoLink: null } });
    await meeting('externe@lycee.example', 13 * HOUR, {
      slot: { meetingType: 'Webinar', videoLink: 'https://visio.example/forges' },
    });
    await meeting('visite@lycee.example', 14 * HOUR, { slot: { meetingType: 'CompanyVisit' } });
    await runAndDeliver();
    const testUrl = `${t.deps.config.PUBLIC_URL}/test-connexion`;
    const builtIn = remindersTo('salle@lycee.example')[0];
    expect(builtIn?.text).toContain(
      `Avant le jour, testez votre connexion et vos appareils depuis l’ordinateur et le réseau de la rencontre : ${testUrl}`,
    );
    expect(builtIn?.html).toContain(`href="${testUrl}"`);
    expect(builtIn?.html).toContain('Tester ma connexion');
    // The company's side of the same meeting too.
    const companySide = reminders().filter(
      (message) => message.to === 'rh@forges.example' && message.text.includes('salle'),
    );
    expect(companySide[0]?.text).toContain(testUrl);
    expect(remindersTo('externe@lycee.example')[0]?.text).not.toContain('/test-connexion');
    expect(remindersTo('visite@lycee.example')[0]?.text).not.toContain('/test-connexion');
  });
});
