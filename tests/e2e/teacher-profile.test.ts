import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a teacher on their profile', () => {
  it('saves each block on its own, with a toast, keeps what was typed on an error, and finds it saved', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto('/my-profile');
    await islandsReady(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    const publicPart = page.getByRole('region', { name: 'Profil public' });
    await publicPart.getByLabel('Présentation').fill('Professeure de technologie, classes de 4e et 3e.');
    await publicPart.getByRole('button', { name: 'Enregistrer' }).click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Modifications enregistrées' }).count())
      .toBe(1);

    const contact = page.getByRole('region', { name: 'Informations privées' });
    await contact.getByLabel('Téléphone').fill('123');
    await contact.getByRole('button', { name: 'Enregistrer' }).click();
    expect(await contact.getByText('Le numéro doit être au format 0XXXXXXXXX').isVisible()).toBe(true);
    expect(await contact.getByLabel('Téléphone').inputValue()).toBe('123');

    const password = page.getByRole('region', { name: 'Mot de passe' });
    await password.getByLabel('Mot de passe actuel').fill('Pas-le-bon-1');
    await password.getByLabel('Nouveau mot de passe').fill('Nouveau-mot-2026!');
    await password.getByRole('button', { name: 'Enregistrer' }).click();
    await expect
      .poll(() => password.getByText('Le mot de passe actuel est incorrect').isVisible())
      .toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.reload();
    await islandsReady(page);
    expect(await page.getByLabel('Présentation').inputValue()).toBe(
      'Professeure de technologie, classes de 4e et 3e.',
    );
  });
});
