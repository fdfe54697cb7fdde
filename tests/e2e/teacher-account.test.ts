import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GeoplateformeServer, startGeoplateformeServer } from '../fixtures/geoplateforme-server.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let geoplateforme: GeoplateformeServer;

beforeAll(async () => {
  geoplateforme = await startGeoplateformeServer();
  [server, browser] = await Promise.all([
    startServer({ GEOPLATEFORME_URL: geoplateforme.url }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await geoplateforme?.close();
});

const heading = (page: Page) => page.locator('form h2, section h2').first();

/** Each step is a page of its own (a light form posted to the sign-up's page, docs/decisions/0094). */
async function expectStep(page: Page, title: string | RegExp) {
  await expect.poll(() => heading(page).textContent()).toMatch(title);
  await islandsReady(page);
}

async function chooseDepartment(page: Page, label: string) {
  await page.getByRole('combobox', { name: /Département de votre établissement/ }).selectOption({ label });
}

describe('a teacher', () => {
  it('signs up in 4 steps, is told what is wrong on a step, lands on their home, logs out and in again', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/signup-teacher');
    await islandsReady(page);
    expect(await page.getByText('Étape 1 sur 4').isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Step 1: nothing chosen, then an inactive department, then an open one.
    await page.getByRole('button', { name: 'Continuer' }).click();
    expect(await page.getByText('Ce champ est requis').isVisible()).toBe(true);
    await chooseDepartment(page, '01 — Ain');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await expectStep(page, /pas encore ouverte dans votre département/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Choisir un autre département' }).click();
    await expectStep(page, 'Votre département');
    await chooseDepartment(page, '69 — Rhône');
    await page.getByRole('button', { name: 'Continuer' }).click();

    // Step 2: wrong values first, with the spec's messages under the fields, checked in the browser.
    await expectStep(page, 'Vos informations');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Vos informations');
    await page.getByLabel('Prénom').fill('Léa');
    await page.getByRole('textbox', { name: 'Nom (obligatoire)', exact: true }).fill('Dupont');
    await page.getByLabel('Adresse e-mail').fill('lea.dupont@');
    await page.getByLabel('Téléphone').fill('12345');
    await page.getByLabel('Mot de passe').fill('faible');
    await page.getByRole('button', { name: 'Continuer' }).click();
    expect(await page.getByText('L’adresse e-mail est invalide').isVisible()).toBe(true);
    expect(await page.getByText('Le numéro doit être au format 0XXXXXXXXX').isVisible()).toBe(true);
    expect(await page.getByText(/Le mot de passe doit contenir au moins 8 caractères/).isVisible()).toBe(
      true,
    );
    expect(await page.getByText('Sélectionnez au moins un niveau : collège ou lycée').isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('Adresse e-mail').fill('lea.dupont@exemple.fr');
    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await page.getByLabel('Mot de passe').fill('Motdepasse-1');
    await page.getByLabel('Lycée').check();
    await page.getByRole('button', { name: 'Continuer' }).click();

    // Going back keeps what was typed.
    await expectStep(page, 'Votre établissement');
    await page.getByRole('button', { name: 'Retour' }).click();
    await expectStep(page, 'Vos informations');
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe('lea.dupont@exemple.fr');
    // The password given is kept, sealed by the page: the field may stay empty.
    await page.getByRole('button', { name: 'Continuer' }).click();

    // Step 3: the establishment, its address chosen among the suggestions (its field hydrates once used).
    await expectStep(page, 'Votre établissement');
    await page.getByLabel('Nom de l’établissement').fill('Lycée Ampère');
    await page
      .getByRole('combobox', { name: /Type d’établissement/ })
      .selectOption({ label: 'Lycée général et technologique' });
    await page.getByRole('combobox', { name: /Adresse de l’établissement/ }).fill('Lyon');
    await page
      .getByRole('listbox', { name: /Adresse de l’établissement/ })
      .getByRole('option')
      .first()
      .click();
    await page.getByRole('button', { name: 'Continuer' }).click();

    // Step 4: the terms must be ticked.
    await expectStep(page, 'Conditions d’utilisation');
    await page.getByRole('button', { name: 'Créer mon compte' }).click();
    expect(await page.getByText('Vous devez cocher les CGU pour continuer').isVisible()).toBe(true);
    await page.getByLabel(/J’ai lu et j’accepte/).check();
    await Promise.all([
      page.waitForURL('**/home-teacher'),
      page.getByRole('button', { name: 'Créer mon compte' }).click(),
    ]);

    const menu = page.getByRole('navigation', { name: 'Menu principal', exact: true });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Chercher une entreprise',
      'Mes favoris',
      'Mon espace',
      'Mes créneaux',
      'Mes classes',
    ]);

    // Log out from the profile, then log in again.
    await page.goto('/my-profile');
    await islandsReady(page);
    await Promise.all([
      page.waitForURL('**/login-teacher'),
      page.getByRole('button', { name: 'Se déconnecter' }).click(),
    ]);
    await page.goto('/home-teacher');
    await islandsReady(page);
    expect(new URL(page.url()).pathname).toBe('/login-teacher');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByLabel('Adresse e-mail').fill('lea.dupont@exemple.fr');
    await page.getByLabel('Mot de passe').fill('Mauvais-mot-1');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Identifiants incorrects');
    await page.getByLabel('Mot de passe').fill('Motdepasse-1');
    await Promise.all([
      page.waitForURL('**/home-teacher'),
      page.getByRole('button', { name: 'Se connecter' }).click(),
    ]);
  });
});
