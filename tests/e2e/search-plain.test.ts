import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_MESSAGES } from '../../common/search.ts';
import { compareFrench } from '../../common/text.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/*
 * Issue 36, the company search without JavaScript: a typed place (« Toulouse ») is found on the server, with
 * the radius and the sort, and gives the island's results at a URL that can be shared; a place the geocoder
 * cannot tell (« Saint-Denis ») or does not know, and dates in the wrong order, are said under their fields,
 * all at once, the values kept; the favourites and map tabs do not wait for a script that never comes.
 * The geocoder is the offline one (communes), as in tests/e2e/search.test.ts.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ GEOCODER: 'offline' }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const withoutJs = { javaScriptEnabled: false };
const PHONE = { width: 390, height: 844 };

const place = (page: Page) => page.getByRole('combobox', { name: /Lieu/ });
const count = (page: Page) => page.getByTestId('results-count');
const results = (page: Page) => page.getByRole('region', { name: 'Résultats' });
const names = (page: Page) => page.getByRole('article').getByRole('heading').allTextContents();

/** The distances the cards show, in km. */
async function distances(page: Page): Promise<number[]> {
  const texts = await page.getByRole('article').allTextContents();
  return texts.map((text) => Number(/à (\d+(?:,\d)?) km/.exec(text)?.[1]?.replace(',', '.') ?? Number.NaN));
}

/** The message a field is described by as its error, if any. */
async function errorUnder(field: Locator): Promise<string | null> {
  const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
  const id = ids.find((each) => each.endsWith('-error'));
  return id ? field.page().locator(`[id="${id}"]`).textContent() : null;
}

async function search(page: Page) {
  await page.getByRole('button', { name: 'Rechercher' }).click();
  await page.waitForLoadState('load');
}

describe('the search without JavaScript', () => {
  it('finds a typed place on the server and searches around it with the radius and the sort, as the island does', async () => {
    const page = await newPage(browser, server.baseURL, withoutJs);
    await page.goto('/search-companies');
    await place(page).fill('Toulouse');
    await page.getByLabel('Rayon autour du lieu').selectOption('50');
    await page.getByLabel('Trier par').selectOption('name');
    await search(page);
    expect(await place(page).inputValue()).toBe('31000 Toulouse');
    expect(await page.getByLabel('Rayon autour du lieu').inputValue()).toBe('50');
    expect(await page.getByLabel('Trier par').inputValue()).toBe('name');
    const found = await names(page);
    expect(found.length).toBeGreaterThan(1);
    expect(found).toEqual([...found].sort(compareFrench));
    expect((await distances(page)).every((km) => km <= 50)).toBe(true);
    const total = await count(page).textContent();
    const shared = page.url();

    // The same search through the island: the suggestion chosen, the radius and the sort in its comboboxes.
    const withJs = await newPage(browser, server.baseURL);
    await withJs.goto('/search-companies');
    await islandsReady(withJs);
    await place(withJs).fill('Toulouse');
    await withJs.getByRole('option', { name: /31000 Toulouse/ }).click();
    await withJs.getByRole('combobox', { name: 'Rayon autour du lieu' }).click();
    await withJs.getByRole('option', { name: '50 km' }).click();
    await withJs.getByRole('combobox', { name: 'Trier par' }).click();
    await withJs.getByRole('option', { name: 'Nom' }).click();
    await withJs.getByRole('button', { name: 'Rechercher' }).click();
    await withJs.waitForURL(/tri=name/);
    await expect.poll(() => count(withJs).textContent()).toBe(total);
    expect(await names(withJs)).toEqual(found);

    // The form's URL, shared: the same page, without JavaScript and with it.
    const other = await newPage(browser, server.baseURL, withoutJs);
    await other.goto(shared);
    expect(await names(other)).toEqual(found);
    await withJs.goto(shared);
    await islandsReady(withJs);
    expect(await names(withJs)).toEqual(found);
    expect(await place(withJs).inputValue()).toBe('31000 Toulouse');
    await Promise.all([page, withJs, other].map((each) => each.context().close()));
  });

  it('orders a place typed in a form that had none by distance, unless another order was chosen', async () => {
    const page = await newPage(browser, server.baseURL, withoutJs);
    await page.goto('/search-companies');
    expect(await page.getByLabel('Trier par').inputValue()).toBe('nextSlot');
    await place(page).fill('Lyon');
    await search(page);
    expect(await place(page).inputValue()).toBe('69001 Lyon');
    expect(await page.getByLabel('Trier par').inputValue()).toBe('distance');
    const near = await distances(page);
    expect(near.length).toBe(10);
    expect(near).toEqual([...near].sort((a, b) => a - b));

    // Around the place shown, « Prochain créneau libre » is a choice of its own, kept.
    await page.getByLabel('Trier par').selectOption('nextSlot');
    await search(page);
    expect(await page.getByLabel('Trier par').inputValue()).toBe('nextSlot');
    expect(await distances(page)).not.toEqual(near);
    await page.context().close();
  });

  it('says under their fields, all at once, a place that names several communes and dates in the wrong order; the values kept', async () => {
    const page = await newPage(browser, server.baseURL, { ...withoutJs, viewport: PHONE });
    await page.goto('/search-companies');
    await page.getByRole('heading', { name: 'Filtres' }).click();
    await page.getByLabel('Entreprise ou métier').fill('usinage');
    await place(page).fill('Saint-Denis');
    await page.getByLabel('Du', { exact: true }).fill('2027-03-10');
    await page.getByLabel('Au', { exact: true }).fill('2027-03-01');
    await search(page);
    // The filters are open on the phone: the messages are there.
    expect(await page.getByLabel('Au', { exact: true }).isVisible()).toBe(true);
    expect(await errorUnder(place(page))).toBe(SEARCH_MESSAGES.placeAmbiguous);
    expect(await errorUnder(page.getByLabel('Au', { exact: true }))).toBe(SEARCH_MESSAGES.dateRange);
    expect(await results(page).textContent()).not.toContain(SEARCH_MESSAGES.dateRange);
    expect(await results(page).textContent()).toContain('La recherche n’a pas été lancée');
    expect(await page.getByRole('article').count()).toBe(0);
    expect(await page.getByLabel('Entreprise ou métier').inputValue()).toBe('usinage');
    expect(await place(page).inputValue()).toBe('Saint-Denis');
    expect(await page.getByLabel('Du', { exact: true }).inputValue()).toBe('2027-03-10');
    expect(await page.getByLabel('Au', { exact: true }).inputValue()).toBe('2027-03-01');
    const communes = page.getByRole('list', { name: 'Communes de ce nom' }).getByRole('link');
    expect(await communes.allTextContents()).toEqual(['Saint-Denis (97400)', 'Saint-Denis (93200)']);

    // A commune chosen: the place is settled, the dates still to put right.
    await communes.filter({ hasText: '93200' }).click();
    await page.waitForLoadState('load');
    expect(await place(page).inputValue()).toBe('93200 Saint-Denis');
    expect(await errorUnder(place(page))).toBeNull();
    expect(await errorUnder(page.getByLabel('Au', { exact: true }))).toBe(SEARCH_MESSAGES.dateRange);
    expect(await page.getByLabel('Entreprise ou métier').inputValue()).toBe('usinage');

    // A place nobody knows.
    await place(page).fill('Xyzzyville');
    await page.getByLabel('Au', { exact: true }).fill('2027-03-20');
    await search(page);
    expect(await errorUnder(place(page))).toBe(SEARCH_MESSAGES.placeUnknown);
    expect(await errorUnder(page.getByLabel('Au', { exact: true }))).toBeNull();
    expect(await place(page).inputValue()).toBe('Xyzzyville');
    expect(await page.getByRole('article').count()).toBe(0);
    await page.context().close();
  });

  it('lets a teacher search elsewhere than their establishment, or everywhere, and keeps their boxes', async () => {
    const page = await newPage(browser, server.baseURL, withoutJs);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto('/search-companies');
    expect(await place(page).inputValue()).toBe('Mon établissement');
    const aroundSchool = await names(page);

    await place(page).fill('Toulouse');
    await search(page);
    expect(await place(page).inputValue()).toBe('31000 Toulouse');
    expect(await names(page)).not.toEqual(aroundSchool);
    expect((await distances(page)).every((km) => km <= 30)).toBe(true);

    // Cleared: the whole country, the holidays shown, only companies with slots.
    await place(page).fill('');
    await page.getByLabel(/^Masquer les créneaux pendant les vacances scolaires/).uncheck();
    await page.getByLabel('Seulement avec des créneaux disponibles').check();
    await search(page);
    expect(await place(page).inputValue()).toBe('');
    expect(new URL(page.url()).searchParams.get('partout')).toBe('1');
    expect(Number((await count(page).textContent())?.match(/\d+/)?.[0])).toBeGreaterThan(aroundSchool.length);
    expect(await page.getByLabel(/^Masquer les créneaux pendant les vacances scolaires/).isChecked()).toBe(
      false,
    );
    expect(await page.getByLabel('Seulement avec des créneaux disponibles').isChecked()).toBe(true);

    // The second page, the same search.
    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForLoadState('load');
    expect(await page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByLabel('Seulement avec des créneaux disponibles').isChecked()).toBe(true);
    expect(await place(page).inputValue()).toBe('');
    await page.context().close();
  });

  it('shows a teacher’s favourites in their tab, and says the map needs JavaScript with the list a click away', async () => {
    const page = await newPage(browser, server.baseURL, withoutJs);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto('/search-companies');
    const star = page.locator('button[aria-pressed="false"][aria-label$="dans mes favoris"]').first();
    const starred = ((await star.getAttribute('aria-label')) ?? '').replace(/ dans mes favoris$/, '');
    await star.click();
    await page.waitForLoadState('load');

    await page.getByRole('link', { name: 'Favoris', exact: true }).click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).searchParams.get('onglet')).toBe('favoris');
    await page.getByRole('article', { name: starred }).waitFor();
    expect(await page.getByText('Chargement de vos favoris…').count()).toBe(0);

    await page.getByRole('link', { name: 'Carte' }).click();
    await page.waitForLoadState('load');
    const map = page.getByRole('link', { name: 'Voir les entreprises en liste' });
    expect(await map.isVisible()).toBe(true);
    expect(await page.getByText('Chargement de la carte…').first().isVisible()).toBe(false);
    await map.click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).searchParams.get('onglet')).toBeNull();
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);
    await page.context().close();
  });
});

describe('the search’s errors with JavaScript', () => {
  it('says dates in the wrong order under « Au », from a link as from the form, and a place not chosen under its field', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/search-companies?lieu=Saint-Denis&du=2027-03-10&au=2027-03-01');
    await islandsReady(page);
    expect(await errorUnder(page.getByLabel('Au', { exact: true }))).toBe(SEARCH_MESSAGES.dateRange);
    expect(await errorUnder(place(page))).toBe(SEARCH_MESSAGES.placeAmbiguous);
    expect(await results(page).textContent()).not.toContain(SEARCH_MESSAGES.dateRange);
    expect(await page.getByRole('button', { name: 'Réessayer' }).count()).toBe(0);
    expect(await place(page).inputValue()).toBe('Saint-Denis');
    await page.waitForFunction(() => document.getAnimations().length === 0);
    expect(await accessibilityViolations(page), page.url()).toEqual([]);

    // The form, sent again as it is: both messages still, each under its field, and no search.
    await page.getByRole('button', { name: 'Rechercher' }).click();
    expect(await errorUnder(place(page))).toBe('Choisissez une adresse dans la liste proposée');
    expect(await errorUnder(page.getByLabel('Au', { exact: true }))).toBe(SEARCH_MESSAGES.dateRange);
    expect(await results(page).textContent()).not.toContain(SEARCH_MESSAGES.dateRange);

    // Put right: the search runs.
    await place(page).fill('Lyon');
    await page.getByRole('option', { name: /69001 Lyon/ }).click();
    await page.getByLabel('Au', { exact: true }).fill('2027-03-20');
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL(/lat=45\./);
    expect(await errorUnder(page.getByLabel('Au', { exact: true }))).toBeNull();
    expect(await errorUnder(place(page))).toBeNull();
    await expect.poll(() => count(page).textContent()).toMatch(/entreprise/);
    await page.context().close();
  });
});
