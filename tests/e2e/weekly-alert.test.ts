import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { companies, slots, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { createDeps } from '../../server/main/deps.ts';
import { JOBS, runJob } from '../../server/main/scheduled.ts';
import { testNow } from '../fixtures/clock.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/**
 * Issue 12's weekly alert, end to end: the demo teacher asks for it, a company near them publishes a slot,
 * the job runs by hand (as `npm run jobs -- weekly-alert`), the e-mail arrives over SMTP with its one-click
 * unsubscribe; its link opens a French page (which changes nothing), the button unsubscribes, the page
 * confirms, and the profile shows the alert off. At 390 px, axe-clean.
 */
let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;
const DAY = 86_400_000;

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
  expect(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(
    390,
  );
}

/** The demo teacher follows everything around the demo company, which publishes a slot now. */
async function teacherAndNewSlot() {
  const db = openDb(server.databaseUrl);
  try {
    const [company] = await db
      .select({ id: companies.id, name: companies.name, lat: companies.lat, lng: companies.lng })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
    if (!company) throw new Error('no demo company');
    await db
      .update(users)
      .set({
        weeklyMail: true,
        sectors: [],
        jobs: [],
        useEstablishmentAddress: false,
        referenceLabel: 'Adresse de test',
        referenceLat: company.lat,
        referenceLng: company.lng,
      })
      .where(eq(users.email, DEMO_ACCOUNTS.teacher));
    const startsAt = new Date(testNow().getTime() + 5 * DAY);
    await db.insert(slots).values({
      companyId: company.id,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3_600_000),
      timeZone: 'Europe/Paris',
      durationMinutes: 60,
      meetingType: 'CompanyVisit',
      publicCategories: ['highSchool'],
      subjects: ['discoverJobs'],
      maxParticipants: 25,
      speakerName: 'Lefèvre',
      speakerFirstname: 'Hugo',
      speakerEmail: 'hugo.lefevre@example.fr',
      speakerPhone: '0472000000',
      speakerRole: 'Chef d’atelier',
    });
    return company;
  } finally {
    db.client.close();
  }
}

async function weeklyMailFlag(): Promise<boolean | undefined> {
  const db = openDb(server.databaseUrl);
  try {
    const [row] = await db
      .select({ weeklyMail: users.weeklyMail })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.teacher));
    return row?.weeklyMail;
  } finally {
    db.client.close();
  }
}

/** `npm run jobs -- weekly-alert` (scripts/jobs.ts): by hand, against the server's database and SMTP. */
async function runWeeklyAlertByHand() {
  const deps = createDeps({
    ...process.env,
    DATABASE_URL: server.databaseUrl,
    SMTP_URL: smtp.url,
    PUBLIC_URL: server.baseURL,
    JWT_SECRET: server.jwtSecret,
    LOG_LEVEL: 'warn',
  });
  try {
    const report = await runJob('weekly-alert', deps, JOBS, { manual: true });
    await deps.outbox.wake();
    return report;
  } finally {
    await deps.outbox.stop();
    deps.db.client.close();
  }
}

describe('the weekly alert', () => {
  it('arrives by e-mail; its unsubscribe link opens a page, its button unsubscribes, the profile shows it off', async () => {
    const company = await teacherAndNewSlot();
    expect(await runWeeklyAlertByHand()).toMatchObject({ failed: 0 });
    const mail = await smtp.waitForMessage(
      (m) =>
        m.envelope.to.includes(DEMO_ACCOUNTS.teacher) &&
        /près de chez vous cette semaine/.test(m.subject ?? ''),
      10_000,
    );
    expect(mail.text).toContain(company.name);
    writeFileSync('/tmp/weekly-alert-mail.html', mail.html ?? '');
    const header = (name: string) => mail.headers.find((h) => h.key === name.toLowerCase())?.value;
    const link = /<(http:\/\/localhost:\d+\/unsubscribe\/[^>]+)>/.exec(header('List-Unsubscribe') ?? '')?.[1];
    expect(link).toBeDefined();
    expect(header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.html).toContain(`href="${link}"`);
    // The same week, run again: nothing more.
    const before = smtp.messages.length;
    expect(await runWeeklyAlertByHand()).toMatchObject({ sent: 0 });
    expect(smtp.messages.length).toBe(before);

    const page = await newPage(browser, server.baseURL, { viewport: { width: 390, height: 844 } });
    await page.goto(link ?? '');
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Alerte hebdomadaire des nouveaux créneaux');
    await accessible(page);
    await page.screenshot({ path: '/tmp/unsubscribe-ask-390.png', fullPage: true });
    // Opening the link changed nothing.
    expect(await weeklyMailFlag()).toBe(true);

    await page.getByRole('button', { name: 'Me désabonner' }).click();
    await page.getByRole('heading', { name: 'Vous êtes désabonné(e)' }).waitFor();
    expect(page.url()).toBe(link);
    expect(await page.getByRole('link', { name: 'Mon profil' }).getAttribute('href')).toBe(
      '/my-profile#preferences',
    );
    await accessible(page);
    await page.screenshot({ path: '/tmp/unsubscribe-done-390.png', fullPage: true });
    expect(await weeklyMailFlag()).toBe(false);

    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto('/my-profile');
    await islandsReady(page);
    expect(
      await page
        .getByRole('checkbox', { name: 'Recevoir chaque lundi les nouveaux créneaux proches de chez moi' })
        .isChecked(),
    ).toBe(false);
    await page.context().close();
  });

  it('says in French that a tampered link is not valid, and offers the profile instead', async () => {
    const page = await newPage(browser, server.baseURL, { viewport: { width: 390, height: 844 } });
    await page.goto('/unsubscribe/abc.def');
    await page.getByRole('heading', { name: 'Ce lien n’est pas valide' }).waitFor();
    expect(await page.getByRole('button', { name: 'Me désabonner' }).count()).toBe(0);
    await accessible(page);
    const response = await page.request.post('/unsubscribe/abc.def', {
      form: { 'List-Unsubscribe': 'One-Click' },
    });
    expect(response.status()).toBe(400);
    await page.context().close();
  });
});
