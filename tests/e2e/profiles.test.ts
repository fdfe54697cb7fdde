import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '../../common/documents.ts';
import { elide } from '../../common/format.ts';
import { openDb } from '../../db/client.ts';
import { companies, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS, tinyPdf } from '../../db/seed/index.ts';
import { picturePng } from '../fixtures/pictures.ts';
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

/** Screenshots of what a person sees, for the record (SCREENSHOTS=dir): 1280 px wide, then 390 px. */
async function screenshots(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

async function demoCompany(): Promise<{ id: number; name: string }> {
  const db = openDb(server.databaseUrl);
  try {
    const [row] = await db
      .select({ id: companies.id, name: companies.name })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
    if (!row) throw new Error('no demo company');
    return row;
  } finally {
    db.client.close();
  }
}

describe('a company’s picture and news (issue 14)', () => {
  it('sets its picture and publishes a news item on /my-company; visitors see both on its page and in the search', async () => {
    const company = await demoCompany();
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await page.goto('/my-company');
    await islandsReady(page);
    expect(await accessibilityViolations(page)).toEqual([]);

    const pictureBlock = page.getByRole('region', { name: 'Image ou logo' });
    const current = pictureBlock.getByRole('img', { name: `Visuel actuel ${elide('de', company.name)}` });
    // The demo gave this company a picture: the new one replaces it.
    const demoSrc = await current.getAttribute('src');
    await pictureBlock.getByLabel(/image/i).setInputFiles({
      name: 'atelier.png',
      mimeType: 'image/png',
      buffer: picturePng(),
    });
    await pictureBlock.getByRole('button', { name: 'Enregistrer l’image' }).click();
    await expect.poll(() => current.getAttribute('src')).not.toBe(demoSrc);
    const pictureSrc = String(await current.getAttribute('src'));
    expect(pictureSrc).toMatch(/^\/pictures\/\d+\.jpg$/);

    const news = page.getByRole('region', { name: 'Actualités' });
    // What was typed stays when the form refuses it.
    await news.getByLabel('Titre').fill('Journée portes ouvertes le 12 décembre');
    await news.getByRole('button', { name: 'Publier l’actualité' }).click();
    expect(await news.getByText('Ce champ est requis').isVisible()).toBe(true);
    expect(await news.getByLabel('Titre').inputValue()).toBe('Journée portes ouvertes le 12 décembre');
    await news.getByLabel('Résumé').fill('Ateliers ouverts aux classes de 3e.');
    await news
      .getByLabel('Texte')
      .fill('Venez découvrir la forge et l’usinage.\n\nInscription par la plateforme.');
    await news.getByRole('button', { name: 'Publier l’actualité' }).click();
    const published = news
      .getByRole('listitem')
      .filter({ hasText: 'Journée portes ouvertes le 12 décembre' });
    await published.waitFor();
    expect(await published.textContent()).toContain('Publiée le');
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshots(page, 'my-company');

    // The recruiter's own profile: name, contact, password.
    await page.goto('/my-profile');
    await islandsReady(page);
    for (const block of ['Identité', 'Coordonnées', 'Mot de passe']) {
      expect(await page.getByRole('region', { name: block }).isVisible()).toBe(true);
    }
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe(DEMO_ACCOUNTS.recruiter);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshots(page, 'my-profile-recruiter');

    const visitor = await newPage(browser, server.baseURL);
    await visitor.goto(`/company-details?id=${company.id}`);
    const hero = visitor.locator('header').filter({ has: visitor.getByRole('heading', { level: 1 }) });
    expect(await hero.locator(`img[src="${pictureSrc}"]`).count()).toBe(1);
    const item = visitor.getByRole('link', { name: 'Journée portes ouvertes le 12 décembre' });
    expect(await item.isVisible()).toBe(true);
    expect(await accessibilityViolations(visitor)).toEqual([]);
    await screenshots(visitor, 'company-page-visitor');
    const picture = await visitor.request.get(pictureSrc);
    expect(picture.headers()['content-type']).toBe('image/jpeg');
    expect(picture.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

    await item.click();
    await visitor.waitForURL(/\/article\/\d+$/);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Journée portes ouvertes le 12 décembre',
    );
    expect(await visitor.getByText('Inscription par la plateforme.').isVisible()).toBe(true);
    expect(await visitor.getByRole('link', { name: company.name }).isVisible()).toBe(true);
    expect(await accessibilityViolations(visitor)).toEqual([]);

    await visitor.goto(`/search-companies?q=${encodeURIComponent(company.name)}`);
    await islandsReady(visitor);
    const card = visitor.getByRole('article', { name: company.name });
    expect(await card.locator(`img[src="${pictureSrc}"]`).count()).toBe(1);
    expect(await accessibilityViolations(visitor)).toEqual([]);
    await visitor.goto('/search-companies');
    await islandsReady(visitor);
    await screenshots(visitor, 'search-visitor');
    await visitor.context().close();
    await page.context().close();
  });

  it('shows a teacher the next free slot as a date chip, and the company’s slots as a week beside the list', async () => {
    const company = await demoCompany();
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto(`/company-details?id=${company.id}`);
    await islandsReady(page);
    const week = page.getByRole('region', { name: /^Semaine du/ });
    expect(await week.isVisible()).toBe(true);
    expect(await page.getByText('Prochain créneau libre').first().isVisible()).toBe(true);
    const firstSlot = week
      .getByRole('link')
      .filter({ hasText: /^\d{2}:\d{2}/ })
      .first();
    const target = String(await firstSlot.getAttribute('href'));
    expect(await page.locator(target).count()).toBe(1);
    await week.getByRole('link', { name: 'Semaine suivante' }).click();
    await page.waitForURL(/semaine=\d{4}-\d{2}-\d{2}/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto(`/company-details?id=${company.id}`);
    await islandsReady(page);
    await screenshots(page, 'company-page-teacher');
    await page.goto('/search-companies');
    await islandsReady(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshots(page, 'search-teacher');
    await page.context().close();
  });
});

describe('a teacher’s documents (issue 14)', () => {
  it('uploads three, and a fourth is refused with the French message', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    // A second tab opened before the uploads still offers the form: the server refuses the fourth.
    const stale = await page.context().newPage();
    for (const tab of [page, stale]) {
      await tab.goto('/my-profile');
      await islandsReady(tab);
    }
    const block = page.getByRole('region', { name: 'Mes documents' });
    expect(await accessibilityViolations(page)).toEqual([]);
    for (const n of [1, 2, 3]) {
      await block.getByLabel('Titre du document').fill(`Projet ${n}`);
      await block.getByLabel('Fichier').setInputFiles({
        name: `projet-${n}.pdf`,
        mimeType: 'application/pdf',
        buffer: Buffer.from(tinyPdf(`Projet ${n}`, ['Visite de la classe de 3e B.'])),
      });
      await block.getByRole('button', { name: 'Ajouter le document' }).click();
      await block.getByRole('link', { name: `Télécharger Projet ${n}` }).waitFor();
    }
    expect(await block.getByText(DOCUMENT_MESSAGES.teacherDocumentsLimit).isVisible()).toBe(true);
    expect(await block.getByRole('button', { name: 'Ajouter le document' }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await screenshots(page, 'my-profile-teacher');

    const staleBlock = stale.getByRole('region', { name: 'Mes documents' });
    await staleBlock.getByLabel('Titre du document').fill('Projet 4');
    await staleBlock.getByLabel('Fichier').setInputFiles({
      name: 'projet-4.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(tinyPdf('Projet 4', ['Une de trop.'])),
    });
    await staleBlock.getByRole('button', { name: 'Ajouter le document' }).click();
    await staleBlock.getByText(DOCUMENT_MESSAGES.teacherDocumentsLimit).waitFor();
    expect(await staleBlock.getByLabel('Titre du document').inputValue()).toBe('Projet 4');
    expect(await accessibilityViolations(stale)).toEqual([]);

    const href = String(await block.getByRole('link', { name: 'Télécharger Projet 1' }).getAttribute('href'));
    const visitor = await browser.newContext({ baseURL: server.baseURL });
    expect((await visitor.request.get(href)).status()).toBe(404);
    await visitor.close();
    await page.context().close();
  });
});

describe('the installable app offline (issue 14)', () => {
  it('shows the French offline page for a page never visited, and opens a public page already seen', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.goto('/faq');
    const manifest = await page.request.get('/manifest.webmanifest');
    expect((await manifest.json()).icons.length).toBeGreaterThanOrEqual(4);
    await page.context().setOffline(true);
    await page.goto('/cgu');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Vous êtes hors connexion');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto('/faq');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe('Vous êtes hors connexion');
    await page.context().close();
  });
});
