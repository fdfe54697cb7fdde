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

describe('a recruiter on their company profile', () => {
  it('shows the identity read-only, saves each block with a toast, keeps what was typed on an error', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await page.goto('/my-company');
    await islandsReady(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    const identity = page.getByRole('region', { name: 'Identité' });
    expect(await identity.getByText(/^\d{14}$/).isVisible()).toBe(true);
    expect(await identity.getByRole('textbox').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'SIRET' }).count()).toBe(0);

    const toasts = page.getByRole('status').filter({ hasText: 'Modifications enregistrées' });
    const description = page.getByRole('region', { name: 'Présentation' });
    await description.getByLabel('Description de l’entreprise').fill('Forge et usinage depuis 1920.');
    await description.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => toasts.count()).toBe(1);
    // Closed so that the next block's toast cannot be mistaken for this one.
    await toasts.getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => toasts.count()).toBe(0);

    const size = page.getByRole('region', { name: 'Taille et stagiaires' });
    await size.getByLabel('Nombre de salariés').fill('140');
    const interns = size.getByLabel('Nous accueillons des stagiaires');
    const internsBefore = await interns.isChecked();
    await interns.setChecked(!internsBefore);
    await size.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => toasts.count()).toBe(1);

    const contact = page.getByRole('region', { name: 'Contact', exact: true });
    await contact.getByLabel('Téléphone du contact').fill('123');
    await contact.getByRole('button', { name: 'Enregistrer' }).click();
    expect(await contact.getByText('Le numéro doit être au format 0XXXXXXXXX').isVisible()).toBe(true);
    expect(await contact.getByLabel('Téléphone du contact').inputValue()).toBe('123');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.reload();
    await islandsReady(page);
    expect(await page.getByLabel('Description de l’entreprise').inputValue()).toBe(
      'Forge et usinage depuis 1920.',
    );
    expect(await page.getByLabel('Nombre de salariés').inputValue()).toBe('140');
    expect(await page.getByLabel('Nous accueillons des stagiaires').isChecked()).toBe(!internsBefore);
    expect(await page.getByLabel('Téléphone du contact').inputValue()).not.toBe('123');
  });
});
