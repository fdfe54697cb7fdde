import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { readConfig } from '../../server/kernel/config.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const PENDING_COMPANY = 'Métallerie des Monts d’Or';
const { ADMIN_EMAIL, ADMIN_PASSWORD } = readConfig({
  ADMIN_EMAIL: process.env.ADMIN_EMAIL,
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD,
});

let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function logInAsAdmin(): Promise<Page> {
  const page = await newPage(browser, server.baseURL);
  await page.goto('/admin');
  await page.waitForURL((url) => url.pathname === '/admin/login');
  await islandsReady(page);
  await page.getByLabel('Adresse e-mail').fill(ADMIN_EMAIL);
  await page.getByLabel('Mot de passe').fill(ADMIN_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/admin'),
    page.getByRole('button', { name: 'Se connecter' }).click(),
  ]);
  await islandsReady(page);
  return page;
}

async function departments(): Promise<{ code: string; active: boolean }[]> {
  const response = await fetch(`${server.baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ departments { code active } }' }),
  });
  const body = (await response.json()) as { data: { departments: { code: string; active: boolean }[] } };
  return body.data.departments;
}

describe('an administrator', () => {
  it('is the only one to see the queue: the admin login page carries none of it', async () => {
    const response = await fetch(`${server.baseURL}/admin/login`);
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('Monts d');
  });

  it('validates the pending company, and its recruiter gets the e-mail with the login link', async () => {
    const page = await logInAsAdmin();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Entreprises');
    const pendingList = page.getByRole('region', { name: 'En attente de validation' });
    const card = pendingList.getByRole('article', { name: PENDING_COMPANY });
    expect(await card.isVisible()).toBe(true);
    expect(await card.textContent()).toContain(DEMO_ACCOUNTS.pendingRecruiter);
    expect(await accessibilityViolations(page)).toEqual([]);

    await card.getByRole('button', { name: `Valider ${PENDING_COMPANY}` }).click();
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toContain(`${PENDING_COMPANY} est validée`);
    await expect.poll(() => card.count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);

    const mail = await smtp.waitForMessage(
      (m) => m.envelope.to.includes(DEMO_ACCOUNTS.pendingRecruiter),
      10_000,
    );
    expect(mail.subject).toBe(`${PENDING_COMPANY} est validée sur Passerelle Industrie`);
    expect(mail.text).toContain(`${server.baseURL}/login-company`);
    expect(mail.html).toContain(`href="${server.baseURL}/login-company"`);

    // Once handled, the company is no longer waiting: a reload agrees with the island.
    await page.reload();
    expect(await pendingList.getByRole('article', { name: PENDING_COMPANY }).count()).toBe(0);
  });

  it('opens a department from /admin/departments, which the departments query then shows', async () => {
    const closed = (await departments()).find((d) => !d.active);
    if (!closed) throw new Error('every department is already open');
    const page = await logInAsAdmin();
    await page.getByRole('link', { name: 'Départements' }).click();
    await page.waitForURL('**/admin/departments');
    await islandsReady(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    const toggle = page.getByRole('switch', { name: new RegExp(`\\(${closed.code}\\)$`) });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await expect
      .poll(() => page.getByRole('status').first().textContent())
      .toMatch(/La plateforme est ouverte/);
    expect((await departments()).find((d) => d.code === closed.code)?.active).toBe(true);

    // Closing is confirmed first, in a dialog that says what it does; the focus goes back to the switch.
    await toggle.click();
    const dialog = page.getByRole('dialog', { name: /^Fermer la plateforme dans le département/ });
    expect(await dialog.textContent()).toContain(
      'les inscriptions d’enseignants et d’entreprises de ce département sont refusées',
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    expect((await departments()).find((d) => d.code === closed.code)?.active).toBe(true);
    await dialog.getByRole('button', { name: 'Fermer le département' }).click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await departments()).find((d) => d.code === closed.code)?.active).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
