import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { testNow } from '../fixtures/clock.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import {
  accessibilityViolations,
  accessibilityViolationsWithoutJs,
  launchChromium,
  newPage,
} from './support/browser.ts';
import { runJobNow } from './support/demo-meeting.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/*
 * Issue 37, « each person's data »: the legal pages on every footer, « Mes données » downloaded without
 * JavaScript, and the retention warning's « Garder mon compte » answered without JavaScript.
 */

const LEGAL = [
  { name: 'Mentions légales', href: '/mentions-legales', h1: 'Mentions légales' },
  { name: 'Confidentialité', href: '/confidentialite', h1: 'Politique de confidentialité' },
  {
    name: 'Accessibilité : partiellement conforme',
    href: '/accessibilite',
    h1: 'Déclaration d’accessibilité',
  },
];
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

let smtp: TestSmtpServer;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function footerLinks(page: import('playwright-core').Page) {
  const footer = page.getByRole('contentinfo');
  return Promise.all(
    LEGAL.map((link) => footer.getByRole('link', { name: link.name, exact: true }).getAttribute('href')),
  );
}

describe('the legal pages', () => {
  it('are linked from the footer of a public page, a teacher’s page and the back-office', async () => {
    const visitor = await newPage(browser, server.baseURL);
    await visitor.goto('/');
    expect(await footerLinks(visitor)).toEqual(LEGAL.map((link) => link.href));
    const teacher = await newPage(browser, server.baseURL);
    await logInAs(teacher.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await teacher.goto('/my-profile');
    expect(await footerLinks(teacher)).toEqual(LEGAL.map((link) => link.href));
    const operator = await newPage(browser, server.baseURL);
    await logInAs(operator.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.regionalOperator);
    await operator.goto('/admin');
    expect(await footerLinks(operator)).toEqual(LEGAL.map((link) => link.href));
    await Promise.all([visitor, teacher, operator].map((page) => page.context().close()));
  });

  for (const viewport of VIEWPORTS) {
    it(`are public, ship no script and pass axe, at ${viewport.width} px`, async () => {
      const page = await newPage(browser, server.baseURL, { viewport });
      for (const link of LEGAL) {
        const response = await page.goto(link.href);
        expect(response?.status(), link.href).toBe(200);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(link.h1);
        expect(await page.locator('script').count(), link.href).toBe(0);
        expect(await accessibilityViolations(page), link.href).toEqual([]);
      }
      const privacy = await page.goto('/confidentialite');
      expect(await privacy?.text()).toContain('Mes données');
      await page.goto('/accessibilite');
      expect(await page.getByText('Libre réponse 71120').count()).toBe(1);
      await page.context().close();
    });
  }
});

describe('« Mes données »', () => {
  it('downloads from the profile without JavaScript', async () => {
    const page = await newPage(browser, server.baseURL, { javaScriptEnabled: false, acceptDownloads: true });
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto('/my-profile');
    expect(await accessibilityViolationsWithoutJs(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Télécharger mes données' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^mes-donnees-passerelle-industrie-\d{4}-\d{2}-\d{2}\.json$/,
    );
    const data = JSON.parse(readFileSync((await download.path()) ?? '', 'utf8'));
    expect(data.profil.email).toBe(DEMO_ACCOUNTS.teacher);
    expect(data.rendezVous.length).toBeGreaterThan(0);
    await page.context().close();
  });

  it('is refused to a visitor', async () => {
    const page = await newPage(browser, server.baseURL);
    const response = await page.request.get('/my-data.json');
    expect(response.status()).toBe(401);
    await page.context().close();
  });
});

describe('« Garder mon compte »', () => {
  it('keeps an account warned after 23 months, without JavaScript, and opening the link alone keeps nothing', async () => {
    const db = openDb(server.databaseUrl);
    const lastSeen = new Date(testNow().getTime() - 700 * 24 * 60 * 60 * 1000);
    try {
      await db.update(users).set({ lastSeenAt: lastSeen }).where(eq(users.email, DEMO_ACCOUNTS.teacher));
    } finally {
      db.client.close();
    }
    expect(await runJobNow(server, smtp.url, 'retention', { manual: true })).toEqual({
      warned: 1,
      anonymised: 0,
    });
    const mail = await smtp.waitForMessage(
      (m) => m.envelope.to.includes(DEMO_ACCOUNTS.teacher) && /anonymisé/.test(m.subject ?? ''),
      10_000,
    );
    expect(mail.subject).toBe('Votre compte Passerelle Industrie va être anonymisé');
    const link = /https?:\/\/\S+\/keep-account\/[\w.-]+/.exec(mail.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');

    const page = await newPage(browser, server.baseURL, { javaScriptEnabled: false });
    await page.goto(new URL(link).pathname);
    expect(await page.getByRole('heading', { level: 2 }).textContent()).toBe(
      'Votre compte n’a pas été utilisé depuis longtemps',
    );
    expect(await accessibilityViolationsWithoutJs(page)).toEqual([]);
    const reader = openDb(server.databaseUrl);
    try {
      const lastSeenOf = async () =>
        (
          await reader
            .select({ at: users.lastSeenAt })
            .from(users)
            .where(eq(users.email, DEMO_ACCOUNTS.teacher))
        )[0]?.at;
      expect(await lastSeenOf()).toEqual(lastSeen);
      await page.getByRole('button', { name: 'Garder mon compte' }).click();
      await page.getByRole('heading', { name: 'Votre compte est gardé' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(new URL(link).pathname);
      expect((await lastSeenOf())?.getTime()).toBeGreaterThan(lastSeen.getTime());
    } finally {
      reader.client.close();
    }
    expect(await accessibilityViolationsWithoutJs(page)).toEqual([]);
    expect(await runJobNow(server, smtp.url, 'retention', { manual: true })).toEqual({
      warned: 0,
      anonymised: 0,
    });
    await page.context().close();
  });
});
