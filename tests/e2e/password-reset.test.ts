import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/messages.ts';
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

describe('a teacher who forgot their password', () => {
  it('gets a link by e-mail, chooses a new password through it, and logs in with it', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/login-teacher');
    await islandsReady(page);
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.waitForURL('**/forgot-password');
    await islandsReady(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.teacher);
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/Si un compte existe/);

    const mail = await smtp.waitForMessage((m) => m.envelope.to.includes(DEMO_ACCOUNTS.teacher));
    const link = mail.text?.match(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/)?.[0];
    expect(link).toBeDefined();
    expect(new URL(link ?? '').origin).toBe(server.baseURL);

    await page.goto(link ?? '');
    await islandsReady(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Nouveau mot de passe').fill('faible');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    expect(await page.getByText(/Le mot de passe doit contenir au moins 8 caractères/).isVisible()).toBe(
      true,
    );
    await page.getByLabel('Nouveau mot de passe').fill('Nouveau-mot-2026!');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toMatch(/Votre mot de passe a été changé/);

    // The link is spent.
    await page.goto(link ?? '');
    await islandsReady(page);
    await page.getByLabel('Nouveau mot de passe').fill('Encore-autre-2026!');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(MESSAGES.invalidResetLink);

    await page.goto('/login-teacher');
    await islandsReady(page);
    await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.teacher);
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Identifiants incorrects');
    await page.getByLabel('Mot de passe').fill('Nouveau-mot-2026!');
    await Promise.all([
      page.waitForURL('**/home-teacher'),
      page.getByRole('button', { name: 'Se connecter' }).click(),
    ]);
  });

  it('is told in French that a made-up link is not valid', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/reset-password?token=invente');
    await islandsReady(page);
    await page.getByLabel('Nouveau mot de passe').fill('Nouveau-mot-2026!');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(MESSAGES.invalidResetLink);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
