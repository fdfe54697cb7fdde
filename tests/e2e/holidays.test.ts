import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/**
 * Issue 20, end to end on the demo data: a teacher's search starts around their establishment, by
 * distance within 30 km, with the school holidays of their zone left out; a visitor's covers the whole
 * country; at 390 px the filters are folded and the results start within the first screen; the slot form
 * warns about holidays and the weekly duplication skips them. Screenshots in $SCREENSHOTS when set.
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

const PHONE = { width: 390, height: 844 };
const count = (page: Page) => page.getByTestId('results-count');
const filters = (page: Page) => page.locator('details.search-filters');
const holidaysBox = (page: Page) => page.getByLabel(/^Masquer les créneaux pendant les vacances scolaires/);

async function accessible(page: Page) {
  await islandsReady(page);
  await page.waitForFunction(() => document.getAnimations().length === 0);
  expect(await accessibilityViolations(page), page.url()).toEqual([]);
}

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
  await page.screenshot({ path: `${dir}/${name}-first-screen.png` });
}

/** The distances the cards show, in km. */
async function distances(page: Page): Promise<number[]> {
  const texts = await page.getByRole('article').allTextContents();
  return texts.map((text) => Number(/à (\d+(?:,\d)?) km/.exec(text)?.[1]?.replace(',', '.') ?? Number.NaN));
}

describe('search from where the teacher is', () => {
  it('starts around the teacher’s establishment, nearest first within 30 km, holidays of their zone left out', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto('/search-companies');
    await islandsReady(page);
    expect(await page.getByRole('combobox', { name: /Lieu/ }).inputValue()).toBe('Mon établissement');
    await expect.poll(() => new URL(page.url()).searchParams.get('lat')).toMatch(/^45\.\d+$/);
    const near = await distances(page);
    expect(near.length).toBeGreaterThan(0);
    expect(near.every((km) => km <= 30)).toBe(true);
    expect(near).toEqual([...near].sort((a, b) => a - b));
    // The teacher is in Lyon's academy: zone A, and a school teacher leaves its holidays out by default.
    expect(await holidaysBox(page).isChecked()).toBe(true);
    expect(await page.getByText('(zone A)').count()).toBe(1);
    expect(await filters(page).getAttribute('open')).not.toBeNull();
    await accessible(page);
    await screenshot(page, 'holidays-search-teacher-1280');

    // Wider: the radius filter still works.
    const within30 = Number((await count(page).textContent())?.match(/\d+/)?.[0] ?? 0);
    await page.getByRole('combobox', { name: 'Rayon autour du lieu' }).click();
    await page.getByRole('option', { name: '100 km' }).click();
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL(/rayon=100/);
    await expect
      .poll(async () => Number((await count(page).textContent())?.match(/\d+/)?.[0] ?? 0))
      .toBeGreaterThanOrEqual(within30);
    expect((await distances(page)).every((km) => km <= 100)).toBe(true);

    // The holidays box off: in the URL, kept through a reload.
    await holidaysBox(page).uncheck();
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await page.waitForURL(/vacances=0/);
    await page.reload();
    await islandsReady(page);
    expect(await holidaysBox(page).isChecked()).toBe(false);

    // At 390 px: the filters folded, the results within the first screen.
    await page.setViewportSize(PHONE);
    await page.goto('/search-companies');
    await islandsReady(page);
    expect(await filters(page).getAttribute('open')).toBeNull();
    const heading = await page.getByRole('heading', { name: 'Résultats' }).boundingBox();
    expect(heading?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(PHONE.height);
    await accessible(page);
    await screenshot(page, 'holidays-search-teacher-390');
    await page.getByRole('heading', { name: 'Filtres' }).click();
    expect(await filters(page).getAttribute('open')).not.toBeNull();
    expect(await holidaysBox(page).isVisible()).toBe(true);
    await accessible(page);
    await page.context().close();
  });

  it('leaves a visitor’s search as it was: the whole country, no holidays box', async () => {
    const page = await newPage(browser, server.baseURL, { viewport: PHONE });
    await page.goto('/search-companies');
    await islandsReady(page);
    expect(new URL(page.url()).searchParams.get('lat')).toBeNull();
    expect(await count(page).textContent()).toMatch(/^\d+ entreprises$/);
    expect(await holidaysBox(page).count()).toBe(0);
    expect(await filters(page).getAttribute('open')).toBeNull();
    const heading = await page.getByRole('heading', { name: 'Résultats' }).boundingBox();
    expect(heading?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(PHONE.height);
    await accessible(page);
    await screenshot(page, 'holidays-search-visitor-390');
    await page.getByRole('heading', { name: 'Filtres' }).click();
    expect(await page.getByRole('combobox', { name: /Lieu/ }).inputValue()).toBe('');
    await page.context().close();
  });

  it('folds the filters on phones and shows them from the medium width up without JavaScript', async () => {
    const page = await newPage(browser, server.baseURL, { javaScriptEnabled: false });
    await page.goto('/search-companies');
    expect(await page.getByRole('button', { name: 'Rechercher' }).isVisible()).toBe(true);
    await page.setViewportSize(PHONE);
    expect(await page.getByRole('button', { name: 'Rechercher' }).isVisible()).toBe(false);
    await page.getByRole('heading', { name: 'Filtres' }).click();
    expect(await page.getByRole('button', { name: 'Rechercher' }).isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('the slot form and the holidays', () => {
  it('warns about a date in the school holidays or on a public holiday, and the weekly duplication skips them', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await page.goto('/my-slots/new-slot');
    await islandsReady(page);
    const notices = page.getByTestId('date-notices');
    await page.locator('input[name="date"]').fill('2026-12-22');
    await expect
      .poll(() => notices.textContent())
      .toMatch(
        /^Cette date tombe pendant les vacances de Noël \(zone [ABC], du 19 décembre 2026 au 3 janvier 2027\)/,
      );
    await page.locator('input[name="date"]').fill('2027-05-17');
    await expect.poll(() => notices.textContent()).toBe('Cette date est un jour férié (Lundi de Pentecôte).');
    await accessible(page);
    await screenshot(page, 'holidays-slot-form-1280');

    await page.goto('/my-slots');
    await islandsReady(page);
    await page
      .getByRole('button', { name: /^Dupliquer le créneau du/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Dupliquer ce créneau' });
    const box = dialog.getByRole('checkbox', { name: /^Sauter les vacances scolaires/ });
    expect(await box.isChecked()).toBe(true);
    await dialog.getByLabel('Chaque semaine pendant', { exact: false }).fill('52');
    await dialog.getByRole('button', { name: 'Ajouter ces semaines' }).click();
    // A year of weeks from now meets the school holidays of any zone (the shipped calendar runs to 2027).
    const said = (await dialog.getByTestId('skipped-dates').textContent()) ?? '';
    const skipped = Number(
      /^(\d+) dates? écartées? \(vacances scolaires ou jours fériés\)\s: /.exec(said)?.[1] ?? 0,
    );
    expect(skipped).toBeGreaterThan(0);
    expect(await dialog.getByRole('heading', { name: `Dates choisies (${52 - skipped})` }).count()).toBe(1);
    await accessible(page);
    await screenshot(page, 'holidays-duplicate-1280');
    await page.context().close();
  });
});
