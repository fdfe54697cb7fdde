import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { DEMO_PASSWORD } from '../../scripts/prepare-db.ts';
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

describe('a teacher deleting their account', () => {
  it('confirms with the password, lands on the confirmation, and cannot log in again', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto('/my-profile');
    await islandsReady(page);

    const section = page.getByRole('region', { name: 'Supprimer mon compte' });
    expect(await section.getByText('Cette suppression est définitive.').isVisible()).toBe(true);
    await section.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer définitivement votre compte ?' });
    await dialog.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await dialog.getByLabel('Mot de passe actuel').fill('Pas-le-bon-1');
    await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await expect.poll(() => dialog.getByText('Le mot de passe actuel est incorrect').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/my-profile');

    await dialog.getByLabel('Mot de passe actuel').fill(DEMO_PASSWORD);
    await Promise.all([
      page.waitForURL('**/?compte=supprime'),
      dialog.getByRole('button', { name: 'Supprimer mon compte' }).click(),
    ]);
    expect(await page.getByRole('status').filter({ hasText: 'Votre compte a été supprimé.' }).count()).toBe(
      1,
    );
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto('/my-profile');
    await islandsReady(page);
    expect(new URL(page.url()).pathname).toBe('/login-teacher');
    await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.teacher);
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Identifiants incorrects');
  });
});
