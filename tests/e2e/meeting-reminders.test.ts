import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { meetings } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { testNow } from '../fixtures/clock.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { insertDemoMeeting, runJobNow } from './support/demo-meeting.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/**
 * Issue 12's reminders, end to end: the job e-mails both sides a day before a meeting; the teacher opens
 * « Je confirme » from the e-mail on a phone, without a login, and the company sees the confirmation; then
 * « Je ne peux plus venir » cancels the meeting and the company gets the usual cancellation e-mail.
 */
let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;
const HOUR = 3_600_000;
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function accessible(page: Page) {
  await islandsReady(page);
  await page.waitForFunction(() => document.getAnimations().length === 0);
  expect(await accessibilityViolations(page), page.url()).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

async function meetingRow(id: number) {
  const db = openDb(server.databaseUrl);
  try {
    const [row] = await db.select().from(meetings).where(eq(meetings.id, id));
    return row;
  } finally {
    db.client.close();
  }
}

const linkIn = (text: string | undefined, label: string) => {
  const url = new RegExp(`${label}\\s:\\n(\\S+)`).exec(text ?? '')?.[1];
  if (!url) throw new Error(`no « ${label} » link in the e-mail`);
  return new URL(url);
};

describe('meeting reminders', () => {
  it('e-mails both sides the day before; « Je confirme » from the e-mail, without a login, shows on the company’s side', async () => {
    const startsAt = new Date(testNow().getTime() + 20 * HOUR);
    const meeting = await insertDemoMeeting(server, startsAt, 18);
    expect(await runJobNow(server, smtp.url, 'meeting-reminders')).toMatchObject({ failed: 0 });
    const reminderTo = (email: string) =>
      smtp.waitForMessage(
        (m) =>
          m.envelope.to.includes(email) &&
          m.subject?.startsWith('Rappel') === true &&
          m.text?.includes(`id=${meeting.id}`) === true,
        10_000,
      );
    const reminder = await reminderTo(DEMO_ACCOUNTS.teacher);
    // « demain » or « aujourd’hui » in the meeting's zone: 20 hours ahead is still today between midnight
    // and 4 a.m. in Paris (the test once ran then).
    const parisDay = (date: Date) => date.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
    const day = parisDay(startsAt) === parisDay(testNow()) ? 'aujourd’hui' : 'demain';
    expect(reminder.subject).toContain(`${day}, ${meeting.company.name}`);
    await reminderTo(DEMO_ACCOUNTS.recruiter);
    const before = smtp.messages.length;
    expect(await runJobNow(server, smtp.url, 'meeting-reminders')).toMatchObject({ sent: 0 });
    expect(smtp.messages.length).toBe(before);

    const confirm = linkIn(reminder.text, 'Je confirme');
    const page = await newPage(browser, server.baseURL, { viewport: PHONE });
    await page.goto(confirm.pathname);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Confirmer votre présence');
    expect(await page.getByText(`Visite avec ${meeting.company.name}`).isVisible()).toBe(true);
    await accessible(page);
    await page.screenshot({ path: '/tmp/meeting-action-confirm-390.png', fullPage: true });
    // Opening the link did nothing.
    expect((await meetingRow(meeting.id))?.teacherConfirmedAt).toBeNull();
    // With the keyboard.
    await page.getByRole('button', { name: 'Je confirme ma présence' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText('Merci : votre présence est confirmée.').waitFor();
    await accessible(page);
    expect((await meetingRow(meeting.id))?.teacherConfirmedAt).toBeInstanceOf(Date);
    await page.reload();
    expect(await page.getByText(/^Vous avez déjà confirmé votre présence le/).isVisible()).toBe(true);
    await accessible(page);

    const recruiter = await newPage(browser, server.baseURL, { viewport: PHONE });
    await logInAs(recruiter.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await recruiter.goto(`/meetings-company/meeting-details?id=${meeting.id}`);
    expect(await recruiter.getByText(/^Présence confirmée par l’enseignant le/).isVisible()).toBe(true);
    await accessible(recruiter);
    await recruiter.goto('/meetings-company');
    expect(
      await recruiter
        .getByText(/^Présence confirmée par l’enseignant le/)
        .first()
        .isVisible(),
    ).toBe(true);
  });

  it('« Je ne peux plus venir » cancels the meeting; the company gets the usual e-mail; the link then says it is done', async () => {
    const meeting = await insertDemoMeeting(server, new Date(testNow().getTime() + 22 * HOUR), 18);
    await runJobNow(server, smtp.url, 'meeting-reminders');
    const reminder = await smtp.waitForMessage(
      (m) =>
        m.envelope.to.includes(DEMO_ACCOUNTS.teacher) &&
        m.subject?.startsWith('Rappel') === true &&
        m.text?.includes(`id=${meeting.id}`) === true,
      10_000,
    );
    const release = linkIn(reminder.text, 'Je ne peux plus venir');
    const page = await newPage(browser, server.baseURL, { viewport: PHONE });
    await page.goto(release.pathname);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Libérer vos places');
    await accessible(page);
    expect((await meetingRow(meeting.id))?.status).toBe('confirmed');
    await page.screenshot({ path: '/tmp/meeting-action-release-390.png', fullPage: true });
    await page.getByLabel('Motif (facultatif)').fill('Grève des transports scolaires');
    await page.getByRole('button', { name: 'Annuler le rendez-vous et libérer les places' }).click();
    await page
      .getByRole('status')
      .getByText(/^Le rendez-vous est annulé/)
      .waitFor();
    await accessible(page);
    expect((await meetingRow(meeting.id))?.status).toBe('cancelled');

    const cancellation = await smtp.waitForMessage(
      (m) =>
        m.envelope.to.includes(DEMO_ACCOUNTS.recruiter) &&
        m.subject?.startsWith('Rendez-vous annulé') === true &&
        m.text?.includes(`id=${meeting.id}`) === true,
      10_000,
    );
    expect(cancellation.text).toContain('a annulé le rendez-vous');
    expect(cancellation.text).toContain('Motif : Grève des transports scolaires');

    await page.reload();
    expect(await page.getByText(/^C’est déjà fait/).isVisible()).toBe(true);
    await accessible(page);
    await page.goto('/meeting-action/abc.def');
    expect(await page.getByRole('alert').textContent()).toMatch(/^Ce lien n’est pas valide/);
    await accessible(page);
  });
});
