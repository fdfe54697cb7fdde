import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCount, formatRate } from '../../common/format.ts';
import { parisDate, statisticsFormSchema } from '../../common/statistics.ts';
import { addDays } from '../../common/time.ts';
import { openDb } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { createSession, generateSessionToken } from '../../server/accounts/sessions.ts';
import { readConfig } from '../../server/kernel/config.ts';
import { testNow } from '../fixtures/clock.ts';
import { accessibilityViolations, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Issue 13: an operator opens the statistics, filters them by period and department in a plain form (no
 * JavaScript needed), reads the same numbers as the API gives, at 1280 and 390 px, axe-clean; a regional
 * operator is offered their region's departments only.
 */
const { ADMIN_EMAIL } = readConfig({ ADMIN_EMAIL: process.env.ADMIN_EMAIL });
const OPERATOR_EMAIL = 'cst@ara.passerelle-industrie.fr';
const RHONE_ALPES = ['01', '03', '07', '15', '26', '38', '42', '43', '63', '69', '73', '74'];

let server: RunningServer;
let browser: Browser;
const tokens = { admin: '', operator: '' };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  const db = openDb(server.databaseUrl);
  try {
    // The Auvergne-Rhône-Alpes chamber's operator, as an invitation would have made them.
    await db.insert(users).values({
      kind: 'admin',
      email: OPERATOR_EMAIL,
      firstName: 'Claire',
      lastName: 'Fabre',
      operatorRegion: '06',
    });
    for (const [who, email] of [
      ['admin', ADMIN_EMAIL],
      ['operator', OPERATOR_EMAIL],
    ] as const) {
      const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
      if (!user) throw new Error(`no user ${email}`);
      tokens[who] = generateSessionToken();
      await createSession(db, tokens[who], user.id, testNow());
    }
  } finally {
    db.client.close();
  }
  // A visitor looks around Mende, where no company of the demo is: unmet demand in Lozère (48).
  await fetch(`${server.baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'query ($input: CompanySearchInput!) { searchCompanies(input: $input) { total } }',
      variables: { input: { near: { lat: 44.5181, lng: 3.5006 }, radiusKm: 30 } },
    }),
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface ApiStatistics {
  bookings: number;
  meetingsHeld: number;
  pupilsReached: number;
  fillRate: number;
  lateCancellationRate: number;
  byDepartment: { key: string; label: string; meetingsHeld: number }[];
}

/** The API's answer for the same filters, as an outside client would ask. */
async function apiStatistics(
  token: string,
  filters: { du?: string; au?: string; departement?: string } = {},
) {
  const input = statisticsFormSchema.parse(filters);
  const response = await fetch(`${server.baseURL}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: `query ($from: DateTime, $to: DateTime, $departmentCode: String) {
        statistics(from: $from, to: $to, departmentCode: $departmentCode) {
          bookings meetingsHeld pupilsReached fillRate lateCancellationRate
          byDepartment { key label meetingsHeld }
        }
      }`,
      variables: {
        from: input.from?.toISOString(),
        to: input.to?.toISOString(),
        departmentCode: input.departmentCode,
      },
    }),
  });
  const body = (await response.json()) as { data: { statistics: ApiStatistics } };
  return body.data.statistics;
}

/** A browser page of this operator, with JavaScript or without (the page needs none). */
async function pageOf(who: keyof typeof tokens, options: { width?: number; javaScript?: boolean } = {}) {
  const width = options.width ?? 1280;
  const page = await newPage(browser, server.baseURL, {
    viewport: { width, height: 900 },
    javaScriptEnabled: options.javaScript ?? true,
  });
  await page
    .context()
    .addCookies([
      { name: 'session', value: tokens[who], url: server.baseURL, httpOnly: true, sameSite: 'Lax' },
    ]);
  return page;
}

const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd')
    .first();

async function expectFigures(page: Page, expected: ApiStatistics) {
  expect(await figure(page, 'Réservations').textContent()).toBe(formatCount(expected.bookings));
  expect(await figure(page, 'Rencontres tenues').textContent()).toBe(formatCount(expected.meetingsHeld));
  expect(await figure(page, 'Participants accueillis').textContent()).toBe(
    formatCount(expected.pupilsReached),
  );
  expect(await figure(page, 'Taux de remplissage').textContent()).toBe(formatRate(expected.fillRate));
  expect(await figure(page, 'Annulations tardives').textContent()).toBe(
    formatRate(expected.lateCancellationRate),
  );
}

const optionsOf = (page: Page) =>
  page
    .getByLabel('Territoire', { exact: true })
    .locator('option')
    .evaluateAll((options) =>
      options.map((option) => ({ value: (option as HTMLOptionElement).value, text: option.textContent })),
    );

describe('the statistics', () => {
  const today = parisDate(testNow());
  const from = addDays(today, -60);

  it('a national administrator reads the API’s numbers for all of France', async () => {
    const page = await pageOf('admin');
    await page.goto('/admin/statistics');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Statistiques');
    const options = await optionsOf(page);
    expect(options[0]).toEqual({ value: '', text: 'Toute la France' });
    expect(options).toHaveLength(102);
    await expectFigures(page, await apiStatistics(tokens.admin));
    expect(await page.getByRole('img').count()).toBe(5);
    const unmet = page.getByRole('table', {
      name: 'Recherches sans créneau dans les 15 jours, par département : les nombres',
    });
    expect(
      await unmet
        .getByRole('row', { name: /Lozère \(48\)/ })
        .getByRole('cell')
        .textContent(),
    ).toBe('1');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('filters by period and department with the keyboard, without JavaScript', async () => {
    const page = await pageOf('admin', { javaScript: false });
    await page.goto('/admin/statistics');
    await page.getByLabel('Territoire', { exact: true }).selectOption('69');
    await page.getByLabel('Du', { exact: true }).fill(from);
    await page.getByLabel('Au (inclus)').fill(today);
    // Enter in a field sends the form, as any form without a script.
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('departement') === '69'),
      page.getByLabel('Au (inclus)').press('Enter'),
    ]);
    const url = new URL(page.url());
    expect([url.searchParams.get('du'), url.searchParams.get('au')]).toEqual([from, today]);
    const expected = await apiStatistics(tokens.admin, { du: from, au: today, departement: '69' });
    expect(expected.meetingsHeld).toBeGreaterThan(0);
    await expectFigures(page, expected);
    // The form says what it shows.
    expect(await page.getByLabel('Territoire', { exact: true }).inputValue()).toBe('69');
    expect(await page.getByLabel('Du', { exact: true }).inputValue()).toBe(from);
    const table = page.getByRole('table', { name: 'Rencontres tenues par département : les nombres' });
    expect(await table.getByRole('rowheader').allTextContents()).toEqual(['Rhône (69)']);
    expect(await table.getByRole('cell').first().textContent()).toBe(formatCount(expected.meetingsHeld));
    expect(await page.getByRole('img', { name: 'Rencontres tenues par département' }).count()).toBe(1);

    // The same page, with the scripts that check it.
    const checked = await pageOf('admin');
    await checked.goto(url.pathname + url.search);
    expect(await accessibilityViolations(checked)).toEqual([]);
    await checked.screenshot({ path: '/tmp/admin-statistics-1280.png', fullPage: true });
  });

  it('reads on a 390 px phone: nothing wider than the screen, the charts drawn to its width', async () => {
    const page = await pageOf('admin', { width: 390 });
    await page.goto(`/admin/statistics?du=${from}&au=${today}&departement=69`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const chartWidth = await page
      .getByRole('img', { name: 'Réservations et rencontres tenues par mois' })
      .evaluate((svg) => svg.getBoundingClientRect().width);
    expect(chartWidth).toBeGreaterThan(300);
    expect(chartWidth).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/admin-statistics-390.png', fullPage: true });
  });

  it('keeps what was typed and says under the field what is wrong, without numbers', async () => {
    const page = await pageOf('admin');
    await page.goto('/admin/statistics?du=2026-05-01&au=2026-04-01&departement=69');
    const end = page.getByLabel('Au (inclus)');
    expect(await end.getAttribute('aria-invalid')).toBe('true');
    const described = (await end.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(
      'La fin de la période doit suivre son début',
    );
    expect(await page.getByLabel('Du', { exact: true }).inputValue()).toBe('2026-05-01');
    expect(await end.inputValue()).toBe('2026-04-01');
    expect(await page.getByLabel('Territoire', { exact: true }).inputValue()).toBe('69');
    expect(await page.getByRole('heading', { name: 'Chiffres clés' }).count()).toBe(0);
    expect(await page.getByText('Corrigez les filtres pour afficher les statistiques.').count()).toBe(1);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('a regional operator is offered their region’s departments only, and another region is refused', async () => {
    const page = await pageOf('operator');
    await page.goto('/admin/statistics');
    const options = await optionsOf(page);
    expect(options[0]).toEqual({ value: '', text: 'Toute la région Auvergne-Rhône-Alpes' });
    expect(options.slice(1).map((option) => option.value)).toEqual(RHONE_ALPES);
    await expectFigures(page, await apiStatistics(tokens.operator));
    const departments = await page
      .getByRole('table', { name: 'Rencontres tenues par département : les nombres' })
      .getByRole('rowheader')
      .allTextContents();
    expect(departments.every((name) => RHONE_ALPES.some((code) => name.endsWith(`(${code})`)))).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto('/admin/statistics?departement=75');
    const area = page.getByLabel('Territoire', { exact: true });
    const described = (await area.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(
      'Ce département n’est pas dans votre région',
    );
    expect(await page.getByRole('heading', { name: 'Chiffres clés' }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
