import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { DEMO_PASSWORD } from '../../scripts/prepare-db.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

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

const NEW_EMAIL = 'nouvelle.adresse@exemple.fr';

describe('a teacher who changes their login e-mail (issue 9)', () => {
  it('proves it with the password, confirms it from the new mailbox, and the old one is told', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/login-teacher');
    await islandsReady(page);
    await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.teacher);
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await Promise.all([
      page.waitForURL('**/home-teacher'),
      page.getByRole('button', { name: 'Se connecter' }).click(),
    ]);

    await page.goto('/my-profile');
    await islandsReady(page);
    const block = page.locator('form', { has: page.getByRole('heading', { name: 'Informations privées' }) });
    await block.getByLabel(/Adresse e-mail/).fill(NEW_EMAIL);
    await block.getByLabel(/Mot de passe actuel/).fill('Pas-le-bon-1!');
    await block.getByRole('button', { name: /Enregistrer/ }).click();
    await expect.poll(() => block.getByText('Le mot de passe actuel est incorrect').isVisible()).toBe(true);
    expect(await block.getByLabel(/Adresse e-mail/).inputValue()).toBe(NEW_EMAIL);
    await block.getByLabel(/Mot de passe actuel/).fill(DEMO_PASSWORD);
    await block.getByRole('button', { name: /Enregistrer/ }).click();
    await expect
      .poll(() => block.getByRole('status').textContent())
      .toMatch(/envoyé à nouvelle\.adresse@exemple\.fr/);
    expect(await accessibilityViolations(page)).toEqual([]);

    const notice = await smtp.waitForMessage((m) => m.envelope.to.includes(DEMO_ACCOUNTS.teacher));
    expect(notice.subject).toBe('Demande de changement de votre adresse e-mail');
    const confirmation = await smtp.waitForMessage((m) => m.envelope.to.includes(NEW_EMAIL));
    const link = confirmation.text?.match(/https?:\/\/\S+\/confirm-email\?token=[\w%-]+/)?.[0] ?? '';
    expect(new URL(link).origin).toBe(server.baseURL);

    // Until the link is opened, the account keeps its address.
    const other = await newPage(browser, server.baseURL);
    await other.goto(link);
    await islandsReady(other);
    expect(await accessibilityViolations(other)).toEqual([]);
    await other.getByRole('button', { name: 'Confirmer ma nouvelle adresse' }).click();
    await expect.poll(() => other.getByRole('status').textContent()).toMatch(/est confirmée/);

    await other.goto('/login-teacher');
    await islandsReady(other);
    await other.getByLabel('Adresse e-mail').fill(NEW_EMAIL);
    await other.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await Promise.all([
      other.waitForURL('**/home-teacher'),
      other.getByRole('button', { name: 'Se connecter' }).click(),
    ]);
  });
});
