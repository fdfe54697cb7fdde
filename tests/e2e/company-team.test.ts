import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { accessibilityViolations, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

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

/** The demo company's admin on the team page, at a width, with or without JavaScript. */
async function adminOnTeamPage(width: number, javaScriptEnabled = true): Promise<Page> {
  const page = await newPage(browser, server.baseURL, {
    viewport: { width, height: 900 },
    javaScriptEnabled,
  });
  await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
  await page.goto('/my-company/team');
  return page;
}

async function invitationLink(email: string): Promise<string> {
  const mail = await smtp.waitForMessage((m) => m.envelope.to.includes(email));
  const link = mail.text?.match(/https?:\/\/\S+\/join-team\?token=[\w%-]+/)?.[0];
  expect(link).toBeDefined();
  return link ?? '';
}

describe('a company is a team (issue 21)', () => {
  for (const width of [1280, 390]) {
    it(`the admin invites a colleague, who joins through the e-mail's link and appears in the team (${width} px)`, async () => {
      const email = `collegue-${width}@demo.passerelle-industrie.fr`;
      const lastName = width === 1280 ? 'Durand' : 'Martin';
      const page = await adminOnTeamPage(width);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^L’équipe de /);
      // The demo company has a member beside its admin.
      await expect.poll(() => page.getByText('Thomas Lefèvre', { exact: false }).count()).toBeGreaterThan(0);
      expect(await page.getByText('Membre', { exact: true }).count()).toBeGreaterThan(0);
      expect(await accessibilityViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await page.getByLabel('Adresse e-mail professionnelle').fill('pas-une-adresse');
      await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
      await page.waitForURL(/\/my-company\/team#inviter$/);
      expect(await page.getByLabel('Adresse e-mail professionnelle').inputValue()).toBe('pas-une-adresse');
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.getByLabel('Adresse e-mail professionnelle').fill(email);
      await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
      await page.waitForURL(/\/my-company\/team\?fait=invitation(#inviter)?$/);
      expect(await page.getByRole('status').textContent()).toMatch(/Invitation envoyée/);
      expect(await page.getByText(email).count()).toBe(1);

      // The colleague, in a browser of their own.
      const link = await invitationLink(email);
      const colleague = await newPage(browser, server.baseURL, { viewport: { width, height: 900 } });
      await colleague.goto(link);
      expect(await colleague.getByRole('heading', { level: 1 }).textContent()).toMatch(
        /^Rejoindre l’équipe de /,
      );
      expect(await accessibilityViolations(colleague)).toEqual([]);
      await colleague.getByLabel('Prénom').fill('Léa');
      await colleague.getByRole('textbox', { name: /^Nom/ }).fill(lastName);
      await colleague.getByLabel(/^Mot de passe/).fill('faible');
      await colleague.getByLabel('Confirmation du mot de passe').fill('faible');
      await colleague.getByRole('button', { name: 'Rejoindre l’équipe' }).click();
      await colleague.waitForLoadState();
      expect(await colleague.getByText(/Le mot de passe doit contenir au moins 8 caractères/).count()).toBe(
        1,
      );
      // The names stay, never the password.
      expect(await colleague.getByLabel('Prénom').inputValue()).toBe('Léa');
      expect(await colleague.getByLabel(/^Mot de passe/).inputValue()).toBe('');
      expect(await accessibilityViolations(colleague)).toEqual([]);
      await colleague.getByLabel(/^Mot de passe/).fill('Nouveau-mot-2026!');
      await colleague.getByLabel('Confirmation du mot de passe').fill('Nouveau-mot-2026!');
      await colleague.getByRole('button', { name: 'Rejoindre l’équipe' }).click();
      await colleague.waitForURL(/\/my-company\/team$/);
      // Logged in: the team page, where she is a member and sees no admin control.
      expect(await colleague.getByText(`Léa ${lastName} (vous)`).count()).toBe(1);
      expect(await colleague.getByRole('button', { name: 'Envoyer l’invitation' }).count()).toBe(0);
      expect(await accessibilityViolations(colleague)).toEqual([]);

      await page.reload();
      expect(await page.getByText(`Léa ${lastName}`, { exact: true }).count()).toBe(1);
      expect(await page.getByText('Jamais connecté').count()).toBeGreaterThanOrEqual(0);
      await colleague.context().close();
      await page.context().close();
    });
  }

  it('invites with JavaScript disabled: the plain form posts, redirects and says so', async () => {
    const email = 'sans-js@demo.passerelle-industrie.fr';
    const page = await adminOnTeamPage(1280, false);
    await page.getByLabel('Adresse e-mail professionnelle').fill(email);
    await page.getByLabel('Rôle', { exact: true }).selectOption('admin');
    await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await page.waitForURL(/\/my-company\/team\?fait=invitation(#inviter)?$/);
    expect(await page.getByRole('status').textContent()).toMatch(/Invitation envoyée/);
    expect(await invitationLink(email)).toContain('/join-team?token=');
    await page.context().close();
  });
});
