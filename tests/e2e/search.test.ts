import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/**
 * Issue 5's search, end to end on the demo data: a visitor searches around Lyon and sees counts only, in
 * the list and on the map; a teacher filters, pages, stars a company and finds it in the favourites; the
 * URL holds the search through reloads and the back button. Map tiles come from a host that does not
 * exist, answered by the browser context itself.
 */
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({ MAP_TILE_URL: 'http://tiles.test/{z}/{x}/{y}.png', GEOCODER: 'offline' }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** Every tile request answered with a 1×1 PNG; the URLs asked for are kept. */
async function answerTiles(context: BrowserContext): Promise<string[]> {
  const asked: string[] = [];
  await context.route('**/*.png', (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'image/png', body: TINY_PNG });
  });
  return asked;
}

async function accessible(page: Page) {
  await islandsReady(page);
  // The map zooms and the toasts slide: axe reads colours once the transitions are over.
  await page.waitForFunction(() => document.getAnimations().length === 0);
  expect(await accessibilityViolations(page), page.url()).toEqual([]);
}

const count = (page: Page) => page.getByTestId('results-count');
const cards = (page: Page) => page.getByRole('article');

async function openGroup(page: Page, title: string) {
  await page.locator('summary', { hasText: title }).click();
}

describe('the company search', () => {
  it('lets a visitor search around a city, in the list and on the map, with counts only', async () => {
    const page = await newPage(browser, server.baseURL);
    const tiles = await answerTiles(page.context());
    await page.goto('/search-companies');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Chercher une entreprise');
    // The first page is in the HTML already.
    expect(await count(page).textContent()).toMatch(/^\d+ entreprises$/);
    await accessible(page);

    await page.getByRole('combobox', { name: /Lieu/ }).fill('Lyon');
    await page.getByRole('option', { name: /69001 Lyon/ }).click();
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL(/lat=45\.7/);
    await expect.poll(() => count(page).textContent()).toMatch(/^1\d entreprises$/);
    const url = new URL(page.url());
    expect(url.searchParams.get('lieu')).toBe('69001 Lyon');
    expect(await cards(page).count()).toBe(10);
    const first = cards(page).first();
    expect(await first.textContent()).toMatch(/à \d+,\d km/);
    expect(await first.textContent()).toMatch(
      /créneaux? disponibles? dans les 15 prochains jours|Aucun créneau/,
    );
    // Counts, never dates nor booking, for a visitor.
    expect(await page.getByText('Prochain créneau libre :').count()).toBe(0);
    expect(await page.getByRole('link', { name: /Voir les créneaux et réserver/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /dans mes favoris/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Favoris', exact: true }).count()).toBe(0);
    await accessible(page);

    // The map: Leaflet is loaded now, the markers are clustered, the tiles come from MAP_TILE_URL.
    await page.getByRole('link', { name: 'Carte' }).click();
    await page.locator('.map-pin').first().waitFor();
    expect(new URL(page.url()).searchParams.get('onglet')).toBe('carte');
    await expect.poll(() => page.locator('.map-pin--group').count()).toBeGreaterThan(0);
    expect(tiles.some((tile) => tile.startsWith('http://tiles.test/'))).toBe(true);
    await accessible(page);

    // A company's marker opens its card; a group zooms in to show its companies.
    await page.locator('.map-pin--group').first().click();
    const company = page.locator('.map-pin--company').first();
    await company.waitFor();
    const name = (await company.getAttribute('title')) ?? '';
    await company.click();
    const popup = page.locator('.leaflet-popup');
    await popup.waitFor();
    expect(await popup.getByText(/dans les 15 prochains jours/).count()).toBe(1);
    await accessible(page);

    // The company page: the count of available slots, and the way to log in to see the dates.
    await popup.getByRole('link', { name }).click();
    await page.waitForURL(/\/company-details\?id=\d+/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
    expect(await page.getByTestId('company-available-slots').textContent()).toMatch(
      /dans les 15 prochains jours/,
    );
    expect(await page.getByRole('link', { name: 'Se connecter pour réserver' }).count()).toBe(1);
    await accessible(page);

    // Back on the search: the map, as it was left.
    await page.goBack();
    await page.locator('.map-pin').first().waitFor();
    expect(new URL(page.url()).searchParams.get('onglet')).toBe('carte');
    await page.context().close();
  });

  it('lets a teacher filter, page, star a company, find it in the favourites; the URL keeps the search', async () => {
    const page = await newPage(browser, server.baseURL);
    await answerTiles(page.context());
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    // The whole country (a teacher's search starts around their establishment: tests/e2e/holidays.test.ts).
    await page.goto('/search-companies?partout=1');
    await islandsReady(page);
    const everything = await count(page).textContent();

    await openGroup(page, 'Secteurs d’activité');
    await page.getByLabel('Mécanique', { exact: true }).check();
    await page.getByLabel('Métallurgie', { exact: true }).check();
    await openGroup(page, 'Types de rencontre');
    await page.getByLabel('Visite', { exact: true }).check();
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL(/secteurs=mechanics%2Cmetallurgy&types=CompanyVisit/);
    await expect.poll(() => count(page).textContent()).toMatch(/^1\d entreprises$/);
    const filtered = await count(page).textContent();
    // A teacher sees when the next free slot is and the way to book it.
    expect(await page.getByText('Prochain créneau libre :').count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: /Voir les créneaux et réserver/ }).count()).toBe(10);
    await accessible(page);

    // The second page.
    await page.getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await expect
      .poll(() => page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current'))
      .toBe('page');
    const secondPage = await cards(page).allTextContents();
    expect(secondPage.length).toBeGreaterThan(0);
    await accessible(page);

    // A company not starred yet gets its star.
    const star = page.locator('button[aria-pressed="false"][aria-label$="dans mes favoris"]').first();
    const starred = ((await star.getAttribute('aria-label')) ?? '').replace(/ dans mes favoris$/, '');
    await star.click();
    await page.getByText(`${starred} est dans vos favoris.`).waitFor();
    expect(
      await page.getByRole('button', { name: `${starred} dans mes favoris` }).getAttribute('aria-pressed'),
    ).toBe('true');
    await accessible(page);

    // It is in the favourites tab.
    await page.getByRole('link', { name: 'Favoris', exact: true }).click();
    await page.getByRole('article', { name: starred }).waitFor();
    expect(new URL(page.url()).searchParams.get('onglet')).toBe('favoris');
    await accessible(page);

    // Back to the list, then a reload: the same search, on the same page, its filters ticked.
    await page.goBack();
    await page.getByRole('link', { name: 'Page 2' }).waitFor();
    expect(new URL(page.url()).searchParams.get('onglet')).toBeNull();
    await page.reload();
    await islandsReady(page);
    expect(await count(page).textContent()).toBe(filtered);
    expect(await cards(page).allTextContents()).toEqual(secondPage);
    expect(await page.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByLabel('Métallurgie', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Visite', { exact: true }).isChecked()).toBe(true);

    // The back button: the first page of the search, then the search before it.
    await page.goBack();
    await expect
      .poll(() => page.getByRole('link', { name: 'Page 1' }).getAttribute('aria-current'))
      .toBe('page');
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();
    await page.goBack();
    await expect.poll(() => count(page).textContent()).toBe(everything);
    expect(await page.getByLabel('Métallurgie', { exact: true }).isChecked()).toBe(false);
    await accessible(page);
    await page.context().close();
  });

  it('works as a plain form without JavaScript', async () => {
    const page = await newPage(browser, server.baseURL, { javaScriptEnabled: false });
    await page.goto('/search-companies');
    await openGroup(page, 'Secteurs d’activité');
    await page.getByLabel('Mécanique', { exact: true }).check();
    await page.getByLabel('Métallurgie', { exact: true }).check();
    await page.getByLabel('Seulement avec des créneaux disponibles').check();
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL(/secteurs=metallurgy&secteurs=mechanics/);
    expect(await count(page).textContent()).toMatch(/^\d+ entreprises?$/);
    expect(await page.getByLabel('Métallurgie', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Seulement avec des créneaux disponibles').isChecked()).toBe(true);
    for (const text of await cards(page).allTextContents()) {
      expect(text).toMatch(/Mécanique|Métallurgie/);
    }
    await page.context().close();
  });
});
