import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBED_FALLBACK_HEIGHT } from '../../common/embed.ts';
import { openDb } from '../../db/client.ts';
import { companies, departments, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { testNow } from '../fixtures/clock.ts';
import { freePort } from '../fixtures/net.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/*
 * Issue 21, a company's side: a new company's home lists its first steps until they are done, and the
 * company copies « Nos prochaines visites » from its profile into its own site, where the frame loads.
 */

const NEW_RECRUITER = 'ines.roux@ateliers-neufs.fr';
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

let server: RunningServer;
let browser: Browser;
let otherSite: Server | undefined;

/** A company validated today in an open department, with nothing done yet, and its first recruiter. */
async function insertNewCompany() {
  const db = openDb(server.databaseUrl);
  try {
    const [open] = await db.select().from(departments).where(eq(departments.active, true)).limit(1);
    if (!open) throw new Error('no open department');
    const [company] = await db
      .insert(companies)
      .values({
        siret: '90000000000017',
        name: 'Ateliers Neufs',
        status: 'validated',
        nafCode: '25.62B',
        sector: 'metallurgy',
        label: '1 rue de l’Usine',
        zipcode: `${open.code}000`.slice(0, 5),
        city: 'Ville',
        departmentCode: open.code,
        lat: 45.7,
        lng: 4.9,
        validatedAt: testNow(),
      })
      .returning();
    await db.insert(users).values({
      email: NEW_RECRUITER,
      firstName: 'Inès',
      lastName: 'Roux',
      kind: 'recruiter',
      companyId: company?.id ?? 0,
    });
  } finally {
    db.client.close();
  }
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  await insertNewCompany();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => (otherSite ? otherSite.close(resolve) : resolve(null)));
});

async function homeOf(email: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await newPage(browser, server.baseURL, { viewport });
  await logInAs(page.context(), server.databaseUrl, server.baseURL, email);
  await page.goto('/home-company');
  await islandsReady(page);
  return page;
}

describe('a company’s first steps on its home', () => {
  for (const viewport of VIEWPORTS) {
    it(`lists what a new company has left to do, each a link, at ${viewport.width} px`, async () => {
      const page = await homeOf(NEW_RECRUITER, viewport);
      const steps = page.getByRole('region', { name: 'Vos premiers pas' });
      expect(await steps.isVisible()).toBe(true);
      expect(await steps.getByText('aucune étape faite sur 5').isVisible()).toBe(true);
      const links = steps.getByRole('listitem').getByRole('link');
      expect(await links.count()).toBe(5);
      expect(
        await steps.getByRole('link', { name: /Publier votre premier créneau/ }).getAttribute('href'),
      ).toBe('/my-slots/new-slot');
      expect(await steps.getByRole('link', { name: /Ajouter une image/ }).getAttribute('href')).toBe(
        '/my-company#image',
      );
      // Offered once on the page.
      expect(await page.getByRole('link', { name: 'Créer un créneau', exact: true }).count()).toBe(1);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(await accessibilityViolations(page)).toEqual([]);

      // A step leads where it is done.
      await steps.getByRole('link', { name: /Indiquer les métiers/ }).click();
      await page.waitForURL(/\/my-company#metiers$/);
      await page.context().close();
    });

    it(`shows no list to the demo company, which has done everything, at ${viewport.width} px`, async () => {
      const page = await homeOf(DEMO_ACCOUNTS.recruiter, viewport);
      expect(await page.getByRole('heading', { name: 'Mon espace' }).isVisible()).toBe(true);
      expect(await page.getByRole('region', { name: 'Vos premiers pas' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Créer un créneau', exact: true }).count()).toBe(1);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.context().close();
    });
  }
});

describe('« Nos prochaines visites » on the company’s own site', () => {
  it('is copied from the profile page with « Copier », framed by another site, and sized to its content', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await page.goto('/my-company');
    await islandsReady(page);
    const snippet = page.getByRole('region', { name: 'Nos prochaines visites sur votre site' });
    const iframeCode = await snippet.getByLabel('Code du cadre à intégrer').inputValue();
    expect(iframeCode).toMatch(/^<iframe src="http:\/\/localhost:\d+\/embed\/company\/\d+" title="/);
    expect(await snippet.getByLabel('Code du cadre à intégrer').getAttribute('readonly')).not.toBeNull();
    const linkCode = await snippet.getByLabel('Ou code d’un simple lien').inputValue();
    expect(linkCode).toMatch(/^<a href="http:\/\/localhost:\d+\/company-details\?id=\d+" target="_blank"/);
    // « Copier » puts the code in the clipboard and says so.
    await snippet.getByRole('button', { name: 'Copier : code du cadre à intégrer' }).click();
    await page.getByText('Copié', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(iframeCode);
    const preview = snippet.getByRole('link', { name: /Aperçu du cadre/ });
    const embedPath = new URL((await preview.getAttribute('href')) ?? '').pathname;
    expect(embedPath).toMatch(/^\/embed\/company\/\d+$/);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The company's own site: another origin (another loopback address and port), the code pasted as is.
    const port = await freePort();
    otherSite = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="fr"><head><title>Forges</title></head><body><h1>Nos visites</h1>${iframeCode}${linkCode}</body></html>`,
      );
    });
    await new Promise<void>((resolve) => otherSite?.listen(port, '127.0.0.1', resolve));
    for (const viewport of VIEWPORTS) {
      const site = await newPage(browser, `http://127.0.0.1:${port}`, { viewport });
      const scripts: string[] = [];
      site.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(request.url());
      });
      await site.goto('/');
      const frame = site.frameLocator('iframe');
      expect(await frame.getByRole('heading', { name: 'Nos prochaines visites' }).textContent()).toBe(
        'Nos prochaines visites',
      );
      const book = frame.getByRole('link', { name: /^Réserver/ }).last();
      expect(await book.getAttribute('target')).toBe('_blank');
      expect(await book.getAttribute('rel')).toBe('noopener');
      // The frame takes its page's height (issue 36): nothing cut, no empty space below, at either width.
      const content = await frame
        .locator('html')
        .evaluate((html) => Math.ceil(html.getBoundingClientRect().height));
      await site.waitForFunction(
        (height) => document.querySelector('iframe')?.getBoundingClientRect().height === height,
        content,
      );
      const frameBox = await site.locator('iframe').boundingBox();
      for (const last of [book, frame.getByRole('link', { name: /^Voir la page de/ })]) {
        const box = await last.boundingBox();
        expect(
          box && frameBox && box.y + box.height <= frameBox.y + frameBox.height,
          `${viewport.width} px`,
        ).toBe(true);
      }
      // Without the host's script the frame keeps a height that holds the page even on a phone.
      expect(content, `${viewport.width} px`).toBeLessThanOrEqual(EMBED_FALLBACK_HEIGHT);
      expect(scripts).toEqual([]);
      expect(await site.getByRole('link', { name: /Réservez une visite chez/ }).isVisible()).toBe(true);
      await site.context().close();
    }

    // The embed page itself, at both widths: axe clean, its one script only.
    for (const viewport of VIEWPORTS) {
      const embed = await newPage(browser, server.baseURL, { viewport });
      await embed.goto(embedPath);
      expect(await embed.locator('script').count()).toBe(1);
      expect(await embed.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      expect(await accessibilityViolations(embed)).toEqual([]);
      await embed.context().close();
    }
    await page.context().close();
  });
});
