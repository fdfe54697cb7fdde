import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { elide } from '../../common/format.ts';
import { openDb } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import { readConfig } from '../../server/kernel/config.ts';
import {
  type RechercheEntreprisesServer,
  startRechercheEntreprisesServer,
} from '../fixtures/recherche-entreprises-server.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Issue 21, « Operators see what waits »: the validation card says what the company directory said (the
 * local recherche-entreprises server), an export link carries its screen's filters, and the lists are
 * usable at 390 px (the status of the first row on screen without scrolling sideways).
 */

const { ADMIN_EMAIL, ADMIN_PASSWORD } = readConfig({
  ADMIN_EMAIL: process.env.ADMIN_EMAIL,
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD,
});
/** Typed by the company; the directory knows its SIRET as « FORGES DE VENISSIEUX ». */
const PENDING = 'Les Forges de Vénissieux SAS';

let server: RunningServer;
let browser: Browser;
let directory: RechercheEntreprisesServer;

beforeAll(async () => {
  directory = await startRechercheEntreprisesServer();
  [server, browser] = await Promise.all([
    startServer({ COMPANY_LOOKUP: 'api', COMPANY_LOOKUP_URL: directory.url }),
    launchChromium(),
  ]);
  const db = openDb(server.databaseUrl);
  try {
    await db.insert(companies).values({
      siret: '51234567900017',
      name: PENDING,
      status: 'pending',
      nafCode: '25.62B',
      sector: 'metallurgy',
      label: '12 rue de l’Usine, 69200 Vénissieux',
      zipcode: '69200',
      city: 'Vénissieux',
      departmentCode: '69',
    });
  } finally {
    db.client.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await directory?.close();
});

async function logIn(width: number): Promise<Page> {
  const page = await newPage(browser, server.baseURL);
  await page.setViewportSize({ width, height: 900 });
  await page.goto('/admin/login');
  await islandsReady(page);
  await page.getByLabel('Adresse e-mail').fill(ADMIN_EMAIL);
  await page.getByLabel('Mot de passe').fill(ADMIN_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/admin'),
    page.getByRole('button', { name: 'Se connecter' }).click(),
  ]);
  await islandsReady(page);
  return page;
}

describe('the back-office’s lists and cards (issue 21)', () => {
  it('shows the status of the first row within 390 px on every list with a status, axe clean', async () => {
    const page = await logIn(390);
    for (const [path, caption, shot] of [
      ['/admin', 'Entreprises', 'companies'],
      ['/admin/meetings', 'Rencontres, de la plus récente à la plus ancienne', 'meetings'],
      ['/admin/people?type=enseignants', 'Enseignants et partenaires', 'people'],
      ['/admin/departments', 'Départements et ouverture de la plateforme', 'departments'],
    ] as const) {
      await page.goto(path);
      await islandsReady(page);
      // Stacked as cards, it is still a table with its caption for assistive technologies.
      const table = page.getByRole('table', { name: caption, exact: true });
      const firstRow = table.locator('tbody > tr').first();
      await firstRow.waitFor();
      const status = firstRow
        .locator('[data-label="Statut"], [data-label="Inscription"], [data-label="Plateforme"]')
        .first();
      const box = await status.boundingBox();
      expect(box, `${path}: status cell`).not.toBeNull();
      expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
      // Nothing on the page scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await accessibilityViolations(page)).toEqual([]);
      await firstRow.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/backoffice-${shot}-390.png` });
    }
    await page.close();
  });

  it('says on the validation card what the directory said, and asks it again on demand', async () => {
    const page = await logIn(1280);
    const card = () => page.getByRole('article', { name: PENDING });
    // Before the job's first run the card says it is not checked yet; after, what the directory said.
    expect(await card().textContent()).toMatch(/Pas encore consulté|SIRET trouvé/);
    await Promise.all([
      page.waitForURL(/#company-\d+$/),
      card()
        .getByRole('button', {
          name: new RegExp(`^Vérifier (à nouveau|maintenant) le SIRET ${elide('de', PENDING)}$`),
        })
        .click(),
    ]);
    await islandsReady(page);
    const says =
      (await card()
        .getByRole('region', { name: `Annuaire des entreprises : ${PENDING}` })
        .textContent()) ?? '';
    expect(says).toContain('SIRET trouvé dans l’annuaire.');
    expect(says).toContain('Nom conforme');
    expect(says).toContain('FORGES DE VENISSIEUX');
    expect(says).toContain('Adresse conforme (code postal et commune)');
    expect(await accessibilityViolations(page)).toEqual([]);
    await card().screenshot({ path: '/tmp/backoffice-card-1280.png' });

    // The directory down: « Annuaire injoignable ».
    directory.setMode('error');
    await Promise.all([
      page.waitForLoadState('load'),
      card()
        .getByRole('button', { name: `Vérifier à nouveau le SIRET ${elide('de', PENDING)}` })
        .click(),
    ]);
    await islandsReady(page);
    await expect.poll(async () => card().textContent()).toContain('Annuaire injoignable');
    directory.setMode('ok');
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await accessibilityViolations(page)).toEqual([]);
    await card().screenshot({ path: '/tmp/backoffice-card-390.png' });
    await page.close();
  });

  it('exports what the screen shows: the link carries the filters', async () => {
    const page = await logIn(1280);
    await page.goto('/admin?statut=pending&q=V%C3%A9nissieux');
    const link = page.getByRole('link', { name: 'Exporter ces entreprises (CSV)' });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/exports\/companies\.csv\?/);
    expect(new URLSearchParams(href.split('?')[1]).get('statut')).toBe('pending');
    const csv = await (await page.request.get(href)).text();
    const rows = csv.split('\r\n').slice(1, -1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.includes(';En attente de validation;'))).toBe(true);
    expect(rows.some((row) => row.includes(PENDING))).toBe(true);
    expect(csv.split('\r\n')[0]).toContain(';Département;Région;');
    await page.screenshot({ path: '/tmp/backoffice-companies-1280.png', fullPage: true });

    // The feedback page's export carries the company it shows.
    await page.goto('/admin/feedback');
    const byCompany = page.getByRole('table', { name: 'Nombre d’avis et moyennes par entreprise' });
    const first = byCompany.getByRole('link').first();
    const name = (await first.textContent()) ?? '';
    await Promise.all([page.waitForURL(/entreprise=\d+/), first.click()]);
    const id = new URL(page.url()).searchParams.get('entreprise');
    const feedbackHref =
      (await page.getByRole('link', { name: 'Exporter ces avis (CSV)' }).getAttribute('href')) ?? '';
    expect(feedbackHref).toBe(`/exports/feedback.csv?companyId=${id}`);
    const feedback = (await (await page.request.get(feedbackHref)).text()).split('\r\n').slice(1, -1);
    expect(feedback.length).toBeGreaterThan(0);
    expect(feedback.every((row) => row.startsWith(`${name};`) || row.startsWith(`"${name}`))).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.close();
  });
});
