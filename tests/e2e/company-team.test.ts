import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
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
      expect(await page.getByText(email, { exact: true }).count()).toBe(1);

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

  /** A member of the demo company's team, put there for a removal. */
  async function demoMember(firstName: string, lastName: string): Promise<string> {
    const email = `${firstName.toLowerCase()}.${lastName.toLowerCase()}@demo.passerelle-industrie.fr`;
    const db = openDb(server.databaseUrl);
    try {
      const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.recruiter));
      if (!admin) throw new Error('no demo recruiter');
      const { id: _id, ...row } = admin;
      await db.insert(users).values({ ...row, email, firstName, lastName, teamRole: 'member' });
    } finally {
      db.client.close();
    }
    return email;
  }

  it('removing a member asks first in a dialog, then the member is e-mailed (issue 36)', async () => {
    const email = await demoMember('Camille', 'Roux');
    const page = await adminOnTeamPage(1280);
    const remove = page.getByRole('button', { name: 'Retirer Camille Roux de l’équipe' });
    await islandsReady(page);
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Retirer Camille Roux de l’équipe ?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/n’aura plus accès à l’espace de l’entreprise/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/my-company\/team$/);

    // The confirmation step a post without JavaScript gets (axe needs the page's JavaScript): same words.
    await page.locator('form', { has: remove }).evaluate((form) => (form as HTMLFormElement).submit());
    await page.getByRole('heading', { name: 'Retirer Camille Roux de l’équipe ?' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Annuler' }).click();
    await page.waitForURL(/\/my-company\/team$/);
    await islandsReady(page);

    await remove.click();
    await dialog.getByRole('button', { name: 'Retirer Camille Roux' }).click();
    await page.waitForURL(/\/my-company\/team\?fait=retrait(#[\w-]+)?$/);
    expect(await page.getByRole('status').textContent()).toMatch(/Le membre est retiré/);
    expect(await page.getByText('Camille Roux').count()).toBe(0);
    const mail = await smtp.waitForMessage((m) => m.envelope.to.includes(email));
    expect(mail.subject).toMatch(/^Vous ne faites plus partie de l’équipe de /);
    expect(mail.text).toMatch(/Vous n’avez plus accès à l’espace de l’entreprise/);
    expect(mail.text).toContain(DEMO_ACCOUNTS.recruiter);
    await page.context().close();
  });

  it('names a member as French writes it: « Rôle d’Alice Aubert » (issue 36)', async () => {
    await demoMember('Alice', 'Aubert');
    const page = await adminOnTeamPage(1280, false);
    expect(await page.getByLabel('Rôle d’Alice Aubert', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Rôle de Alice Aubert').count()).toBe(0);
    await page.context().close();
  });

  it('with JavaScript disabled: a removal goes through a confirmation step, an invitation is withdrawn (issue 36)', async () => {
    await demoMember('Hugo', 'Blanc');
    const page = await adminOnTeamPage(390, false);
    await page.getByRole('button', { name: 'Retirer Hugo Blanc de l’équipe' }).click();
    await page.getByRole('heading', { name: 'Retirer Hugo Blanc de l’équipe ?' }).waitFor();
    // Nothing done yet: the step asks.
    expect(await page.getByRole('heading', { name: 'Retirer Hugo Blanc de l’équipe ?' }).count()).toBe(1);
    expect(await page.getByText('Hugo Blanc', { exact: true }).count()).toBe(1);
    await page.getByRole('button', { name: 'Retirer Hugo Blanc', exact: true }).click();
    await page.waitForURL(/\/my-company\/team\?fait=retrait(#[\w-]+)?$/);
    expect(await page.getByText('Hugo Blanc', { exact: true }).count()).toBe(0);

    const invited = 'a-retirer@demo.passerelle-industrie.fr';
    await page.getByLabel('Adresse e-mail professionnelle').fill(invited);
    await page.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await page.waitForURL(/\?fait=invitation(#[\w-]+)?$/);
    const link = await invitationLink(invited);
    await page.getByRole('button', { name: `Retirer l’invitation de ${invited}` }).click();
    await page.waitForURL(/\?fait=invitation-retiree(#[\w-]+)?$/);
    expect(await page.getByRole('status').textContent()).toMatch(/Invitation retirée/);
    expect(await page.getByText(invited).count()).toBe(0);

    const colleague = await newPage(browser, server.baseURL, { javaScriptEnabled: false });
    await colleague.goto(link);
    expect(await colleague.getByText(/Ce lien d’invitation n’est plus valable/).count()).toBe(1);
    await colleague.context().close();
    await page.context().close();
  });
});
