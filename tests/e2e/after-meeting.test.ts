import { readFileSync } from 'node:fs';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES } from '../../common/feedback.ts';
import { TRANSPORT_MESSAGES } from '../../common/transport.ts';
import { openDb } from '../../db/client.ts';
import { meetingFeedback } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { readConfig } from '../../server/kernel/config.ts';
import { testNow } from '../fixtures/clock.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { insertDemoMeeting, runJobNow } from './support/demo-meeting.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/**
 * Issue 11's stories, end to end: a meeting just done, the job's invitation e-mail, the questionnaire
 * answered (wrongly first), the company's average and its CSV; then a teacher asks for transport help,
 * an operator accepts it, and the teacher sees the answer and gets the e-mail.
 */
let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;
const { ADMIN_EMAIL } = readConfig({ ADMIN_EMAIL: process.env.ADMIN_EMAIL });
const HOUR = 3_600_000;

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
}

async function companyAverage(companyId: number): Promise<number> {
  const db = openDb(server.databaseUrl);
  try {
    const rows = await db
      .select({ organisation: meetingFeedback.organisation })
      .from(meetingFeedback)
      .where(and(eq(meetingFeedback.companyId, companyId), isNotNull(meetingFeedback.feedbackId)));
    return rows.reduce((sum, row) => sum + (row.organisation ?? 0), 0) / rows.length;
  } finally {
    db.client.close();
  }
}

describe('after a meeting', () => {
  it('invites the teacher by e-mail; the questionnaire refuses missing answers, then takes them; the company sees its average and downloads the CSV', async () => {
    const done = await insertDemoMeeting(server, new Date(testNow().getTime() - 3 * HOUR), 14);
    const feedbackUrl = `${server.baseURL}/feedback/${done.id}`;

    expect(await runJobNow(server, smtp.url, 'feedback-invitations')).toMatchObject({ failed: 0 });
    const invitation = await smtp.waitForMessage(
      (m) => m.envelope.to.includes(DEMO_ACCOUNTS.teacher) && m.text?.includes(feedbackUrl) === true,
      10_000,
    );
    expect(invitation.subject).toBe(`Votre avis sur votre rencontre avec ${done.company.name}`);
    // Run again: nobody is invited twice.
    const before = smtp.messages.length;
    expect(await runJobNow(server, smtp.url, 'feedback-invitations')).toMatchObject({ sent: 0 });
    expect(smtp.messages.length).toBe(before);

    const teacher = await newPage(browser, server.baseURL);
    await logInAs(teacher.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await teacher.goto('/home-teacher');
    const invited = teacher.getByRole('region', { name: 'Votre avis compte' });
    expect(
      await invited
        .getByRole('link', { name: /Donner mon avis/ })
        .first()
        .isVisible(),
    ).toBe(true);
    await accessible(teacher);

    await teacher.goto(feedbackUrl);
    await accessible(teacher);
    expect(await teacher.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Votre avis sur la rencontre',
    );
    const liked = 'La démonstration du robot de soudure ; les élèves ont adoré.';
    await teacher.getByLabel('Qu’est-ce qui vous a plu ? (facultatif)').fill(liked);
    await teacher
      .getByRole('group', { name: /L’organisation de la rencontre/ })
      .getByLabel('Très satisfait')
      .check();
    await teacher.getByRole('button', { name: 'Envoyer mon avis' }).click();
    expect(await teacher.getByText(FEEDBACK_MESSAGES.chooseRating).count()).toBe(2);
    const matching = teacher.getByRole('group', { name: /L’adéquation avec votre groupe/ });
    expect(await matching.getAttribute('aria-invalid')).toBe('true');
    expect(await teacher.getByLabel('Qu’est-ce qui vous a plu ? (facultatif)').inputValue()).toBe(liked);
    // The focus goes to the first answer to give.
    expect(
      await matching.getByLabel('Pas satisfait').evaluate((input) => input === document.activeElement),
    ).toBe(true);
    await accessible(teacher);

    await matching.getByLabel('Satisfait', { exact: true }).check();
    await teacher
      .getByRole('group', { name: /L’implication de l’entreprise/ })
      .getByLabel('Très satisfait')
      .check();
    await teacher.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await teacher.getByText('Merci ! Votre avis a été transmis à l’entreprise.').waitFor();
    await accessible(teacher);
    await teacher.reload();
    expect(
      await teacher.getByText('Vous avez déjà donné votre avis sur cette rencontre. Merci !').isVisible(),
    ).toBe(true);

    const recruiter = await newPage(browser, server.baseURL, { acceptDownloads: true });
    await logInAs(recruiter.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await recruiter.goto('/my-company');
    await accessible(recruiter);
    const results = recruiter.getByRole('region', { name: 'Avis des enseignants' });
    const average = (await companyAverage(done.company.id)).toLocaleString('fr-FR', {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    expect(
      await results
        .getByRole('list', { name: 'Moyennes par question' })
        .getByRole('listitem')
        .filter({ hasText: 'L’organisation de la rencontre' })
        .textContent(),
    ).toContain(`Moyenne : ${average} / 4`);
    expect(await results.getByRole('img', { name: /^Organisation\s: Très satisfait \d+/ }).count()).toBe(1);
    expect(await results.getByText(liked).isVisible()).toBe(true);
    const [download] = await Promise.all([
      recruiter.waitForEvent('download'),
      results.getByRole('link', { name: 'Télécharger les avis (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('avis-enseignants.csv');
    const bytes = readFileSync((await download.path()) ?? '');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toMatch(/^Entreprise;Date de la rencontre;Heure de début;/);
    expect(text).toContain(`"${liked}"`);
  });

  it('lets a teacher ask for transport help; an operator accepts it; the teacher sees it and gets the e-mail', async () => {
    const visit = await insertDemoMeeting(server, new Date(testNow().getTime() + 10 * 24 * HOUR), 18);
    const details = `/meetings-teacher/meeting-details?id=${visit.id}`;
    const teacher = await newPage(browser, server.baseURL);
    await logInAs(teacher.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await teacher.goto(details);
    await accessible(teacher);
    const help = teacher.getByRole('region', { name: 'Aide au transport' });
    await help.getByRole('button', { name: 'Demander une aide au transport' }).click();
    const departure = help.getByRole('combobox', { name: /Adresse de départ/ });
    expect(await departure.inputValue()).not.toBe('');
    await help.getByLabel(/Nombre de personnes à transporter/).fill('25');
    const comment = 'Départ souhaité vers 8 h, retour avant 17 h.';
    await help.getByLabel('Commentaire (facultatif)').fill(comment);
    await help.getByRole('button', { name: 'Envoyer la demande' }).click();
    expect(await help.getByText(TRANSPORT_MESSAGES.groupSizeAboveBooking(18)).isVisible()).toBe(true);
    expect(await help.getByLabel('Commentaire (facultatif)').inputValue()).toBe(comment);
    await accessible(teacher);
    await help.getByLabel(/Nombre de personnes à transporter/).fill('18');
    await help.getByRole('button', { name: 'Envoyer la demande' }).click();
    await help.getByText(/Votre demande est envoyée/).waitFor();
    expect(await help.getByText('En attente de réponse').isVisible()).toBe(true);
    await accessible(teacher);
    await smtp.waitForMessage(
      // The request goes to the operators of the teacher's region (issue 13), not to every administrator.
      (m) =>
        m.envelope.to.includes(DEMO_ACCOUNTS.regionalOperator) &&
        /^Demande d’aide au transport/.test(m.subject ?? ''),
      10_000,
    );

    const admin = await newPage(browser, server.baseURL);
    await logInAs(admin.context(), server.databaseUrl, server.baseURL, ADMIN_EMAIL);
    await admin.goto('/admin/transport');
    await accessible(admin);
    const card = admin.getByRole('listitem').filter({ hasText: comment });
    await card.getByRole('button', { name: /^Accepter/ }).click();
    const dialog = admin.getByRole('dialog', { name: /Accepter la demande/ });
    await dialog.getByRole('button', { name: 'Accepter la demande' }).click();
    expect(await dialog.getByText('Ce champ est requis').isVisible()).toBe(true);
    await accessible(admin);
    const answer = 'Un car vous attendra à 8 h devant le lycée.';
    await dialog.getByLabel(/Message pour l’enseignant/).fill(answer);
    await dialog.getByRole('button', { name: 'Accepter la demande' }).click();
    await admin.getByText('La demande est acceptée. L’enseignant a été prévenu par e-mail.').waitFor();
    const handled = admin.getByRole('region', { name: 'Demandes traitées récemment' });
    expect(
      await handled.getByRole('listitem').filter({ hasText: answer }).getByText('Acceptée').isVisible(),
    ).toBe(true);

    const mail = await smtp.waitForMessage(
      (m) =>
        m.envelope.to.includes(DEMO_ACCOUNTS.teacher) &&
        m.subject?.startsWith('Aide au transport acceptée') === true,
      10_000,
    );
    expect(mail.text).toContain(`Son message : ${answer}`);
    await teacher.goto(details);
    const seen = teacher.getByRole('region', { name: 'Aide au transport' });
    expect(await seen.getByText('Acceptée').isVisible()).toBe(true);
    expect(await seen.getByText(answer).isVisible()).toBe(true);
    await accessible(teacher);
  });
});
