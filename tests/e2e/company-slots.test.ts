import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { schoolDayAhead } from '../fixtures/dates.ts';
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

/** The cards of the list whose heading shows these hours. */
const cardsAt = (page: Page, hours: RegExp) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: hours }) });

/** The slot's date (the "Date et horaire" section starts with the same word). */
const dateField = (page: Page) => page.getByLabel(/^Date\*? \(obligatoire\)$/);

async function open(page: Page, path: string) {
  await page.goto(path);
  await islandsReady(page);
  expect(await accessibilityViolations(page), path).toEqual([]);
}

describe('a recruiter managing their slots', () => {
  it('creates a slot after fixing a wrong field, finds it, edits it, duplicates it and deletes a copy', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);

    await open(page, '/my-slots');
    expect(await page.getByRole('link', { name: 'À venir' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('link', { name: 'Passés' }).getAttribute('aria-current')).toBeNull();

    // A booked slot's deletion says what it cancels; nothing happens without the confirmation.
    const booked = page
      .getByRole('listitem')
      .filter({ hasText: /Non complet|Complet/ })
      .first();
    await booked.getByRole('link', { name: /^Supprimer/ }).click();
    const bookedDialog = page.getByRole('dialog', { name: 'Supprimer ce créneau ?' });
    expect(
      await bookedDialog
        .getByText(/réservations? (seront annulées|sera annulée) \(\d+ places?\)/)
        .isVisible(),
    ).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await bookedDialog.getByRole('button', { name: 'Annuler' }).click();
    expect(await bookedDialog.isVisible()).toBe(false);

    await page.getByRole('link', { name: 'Créer un créneau' }).first().click();
    await page.waitForURL('**/my-slots/new-slot');
    await islandsReady(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    const date = schoolDayAhead(20);
    await dateField(page).fill(date);
    await page.getByRole('combobox', { name: /Heure de début/ }).click();
    await page.getByRole('option', { name: '06:30' }).click();
    await page.getByRole('radio', { name: '1 h 30' }).check();
    await page.getByRole('radio', { name: 'Webinaire' }).check();
    // This platform has no LiveKit: a webinar without its own link could not be joined.
    const noRoom = page.getByText(
      'La salle de visioconférence de Passerelle Industrie n’est pas disponible.',
    );
    expect(await noRoom.isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page
      .getByRole('textbox', { name: /^Lien de visioconférence externe/ })
      .fill('https://visio.example.fr/forge');
    expect(await noRoom.count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Lycéens' }).check();
    await page.getByRole('checkbox', { name: 'Demandeurs d’emploi' }).check();
    await page.getByRole('checkbox', { name: 'Trouver un stage' }).check();
    await page.getByRole('spinbutton', { name: /^Nombre de participants/ }).fill('12');
    await page.getByRole('textbox', { name: /^Nom/ }).fill('Martin');
    await page.getByRole('textbox', { name: /^Prénom/ }).fill('Claire');
    await page.getByRole('textbox', { name: /^Adresse e-mail/ }).fill('claire.martin@example.fr');
    await page.getByRole('textbox', { name: /^Téléphone/ }).fill('12345');
    await page.getByRole('textbox', { name: /^Fonction/ }).fill('Responsable d’atelier');
    await page.getByRole('button', { name: 'Publier le créneau' }).click();

    const phone = page.getByRole('textbox', { name: /^Téléphone/ });
    expect(await page.getByText('Le numéro doit être au format 0XXXXXXXXX').isVisible()).toBe(true);
    expect(await phone.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await phone.inputValue()).toBe('12345');
    expect(new URL(page.url()).pathname).toBe('/my-slots/new-slot');
    expect(await accessibilityViolations(page)).toEqual([]);

    await phone.fill('04 72 00 00 00');
    await page.getByRole('button', { name: 'Publier le créneau' }).click();
    await page.waitForURL('**/my-slots?enregistre=1');
    await islandsReady(page);
    expect(
      await page.getByRole('status').filter({ hasText: 'Le créneau a été enregistré.' }).isVisible(),
    ).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    const created = cardsAt(page, /06:30 – 08:00/);
    expect(await created.count()).toBe(1);
    expect(await created.getByText('Libre', { exact: true }).isVisible()).toBe(true);
    expect(await created.getByText('Webinaire').isVisible()).toBe(true);
    expect(await created.getByText('0 place réservée sur 12, 12 restantes').isVisible()).toBe(true);
    expect(await created.getByText('Lycéens, Demandeurs d’emploi').isVisible()).toBe(true);

    await created.getByRole('link', { name: /^Modifier/ }).click();
    await page.waitForURL('**/my-slots/edit-slot?id=*');
    await islandsReady(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await dateField(page).inputValue()).toBe(date);
    expect(await page.getByRole('textbox', { name: /^Lien de visioconférence externe/ }).inputValue()).toBe(
      'https://visio.example.fr/forge',
    );
    expect(await page.getByRole('textbox', { name: /^Téléphone/ }).inputValue()).toBe('0472000000');
    await page.getByRole('spinbutton', { name: /^Nombre de participants/ }).fill('15');
    await page.getByRole('combobox', { name: /Heure de début/ }).click();
    await page.getByRole('option', { name: '07:00' }).click();
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await page.waitForURL('**/my-slots?enregistre=1');
    await islandsReady(page);

    expect(await cardsAt(page, /06:30 – 08:00/).count()).toBe(0);
    const edited = cardsAt(page, /07:00 – 08:30/);
    expect(await edited.count()).toBe(1);
    expect(await edited.getByText('0 place réservée sur 15, 15 restantes').isVisible()).toBe(true);

    await edited.getByRole('button', { name: /^Dupliquer/ }).click();
    const duplicate = page.getByRole('dialog', { name: 'Dupliquer ce créneau' });
    // Every week, holidays included: the dates depend on today (tests/e2e/holidays.test.ts skips them).
    await duplicate.getByRole('checkbox', { name: /^Sauter les vacances scolaires/ }).uncheck();
    await duplicate.getByRole('spinbutton', { name: /^Chaque semaine pendant/ }).fill('2');
    await duplicate.getByRole('button', { name: 'Ajouter ces semaines' }).click();
    expect(await duplicate.getByRole('listitem').count()).toBe(2);
    expect(await accessibilityViolations(page)).toEqual([]);
    await duplicate.getByRole('button', { name: 'Dupliquer sur 2 dates' }).click();
    const result = page.getByRole('dialog', { name: 'Créneau dupliqué' });
    await result.getByText('2 créneaux ont été créés :').waitFor();
    // "Fermer" appears under the pointer that clicked "Dupliquer": axe misreads colours mid-transition.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await result.getByRole('button', { name: 'Fermer' }).last().click();
    await page.waitForURL('**/my-slots?duplique=2');
    await islandsReady(page);
    expect(await page.getByRole('status').filter({ hasText: '2 créneaux ont été créés.' }).isVisible()).toBe(
      true,
    );
    expect(await cardsAt(page, /07:00 – 08:30/).count()).toBe(3);

    const copy = cardsAt(page, /07:00 – 08:30/).last();
    await copy.getByRole('link', { name: /^Supprimer/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Supprimer ce créneau ?' });
    expect(
      await confirm.getByText('Aucune réservation : personne n’a encore réservé ce créneau.').isVisible(),
    ).toBe(true);
    await confirm.getByRole('button', { name: 'Supprimer le créneau' }).click();
    await page.waitForURL('**/my-slots?supprime=1');
    await islandsReady(page);
    expect(await page.getByRole('status').filter({ hasText: 'Le créneau a été supprimé.' }).isVisible()).toBe(
      true,
    );
    expect(await cardsAt(page, /07:00 – 08:30/).count()).toBe(2);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'Passés' }).click();
    await page.waitForURL('**/my-slots?periode=passes');
    await islandsReady(page);
    expect(await page.getByRole('link', { name: 'Passés' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('link', { name: /^Supprimer/ }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('publishes a slot without JavaScript: the start time is a real control (issue 36)', async () => {
    const page = await newPage(browser, server.baseURL, { javaScriptEnabled: false });
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await page.goto('/my-slots/new-slot');
    const date = schoolDayAhead(40);
    await dateField(page).fill(date);
    await page.getByRole('combobox', { name: /Heure de début/ }).selectOption('14:00');
    await page.getByRole('radio', { name: '1 h', exact: true }).check();
    await page.getByRole('radio', { name: 'Visite' }).check();
    await page.getByRole('checkbox', { name: 'Lycéens' }).check();
    await page.getByRole('spinbutton', { name: /^Nombre de participants/ }).fill('10');
    await page.getByRole('textbox', { name: /^Nom/ }).fill('Martin');
    await page.getByRole('textbox', { name: /^Prénom/ }).fill('Claire');
    await page.getByRole('textbox', { name: /^Adresse e-mail/ }).fill('claire.martin@example.fr');
    await page.getByRole('textbox', { name: /^Téléphone/ }).fill('0472000000');
    await page.getByRole('textbox', { name: /^Fonction/ }).fill('Responsable d’atelier');
    await page.getByRole('button', { name: 'Publier le créneau' }).click();
    await page.waitForURL('**/my-slots?enregistre=1');
    expect(await cardsAt(page, /14:00 – 15:00/).count()).toBeGreaterThan(0);
    await page.context().close();
  });

  it('shows the next meetings and the slots with seats left on "Mon espace"', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await open(page, '/home-company');
    const meetings = page.getByRole('region', { name: 'Vos prochaines rencontres' });
    const meetingLinks = meetings.getByRole('heading').getByRole('link');
    expect(await meetingLinks.count()).toBeGreaterThan(0);
    expect(await meetingLinks.count()).toBeLessThanOrEqual(5);
    expect(await meetingLinks.first().getAttribute('href')).toMatch(
      /^\/meetings-company\/meeting-details\?id=\d+$/,
    );
    expect(await meetings.getByRole('link', { name: 'Toutes mes rencontres' }).getAttribute('href')).toBe(
      '/meetings-company',
    );
    const slots = page.getByRole('region', { name: 'Vos créneaux avec des places libres' });
    const slotCards = slots.getByRole('listitem');
    expect(await slotCards.count()).toBeGreaterThan(0);
    expect(await slotCards.count()).toBeLessThanOrEqual(5);
    expect(await slots.getByText('Complet', { exact: true }).count()).toBe(0);
    expect(await slots.getByRole('link', { name: 'Gérer mes créneaux' }).getAttribute('href')).toBe(
      '/my-slots',
    );
  });

  it("answers 404 for a slot that is not the company's, or no slot at all", async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    for (const path of [
      '/my-slots/edit-slot?id=999999',
      '/my-slots/edit-slot?id=abc',
      '/my-slots/edit-slot',
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toBe('Page introuvable');
    }
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
