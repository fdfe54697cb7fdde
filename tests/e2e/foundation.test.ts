import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { countAvailableSlots } from '../../server/slots/index.ts';
import { testNow } from '../fixtures/clock.ts';
import { accessibilityViolations, launchChromium, newPage, scriptBytes } from './support/browser.ts';
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

describe('a visitor', () => {
  it('sees on the landing page the number of slots available in the next 15 days, from the database', async () => {
    const db = openDb(server.databaseUrl);
    const expected = await countAvailableSlots(db, testNow());
    db.client.close();
    expect(expected).toBeGreaterThan(0);

    const page = await newPage(browser, server.baseURL);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const count = page.getByTestId('available-slots');
    await expect.poll(() => count.textContent()).toContain('dans les 15 prochains jours');
    expect((await count.locator('strong').textContent())?.replace(/\s/g, '')).toBe(String(expected));
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('gets an HTML-only landing page: no script but the service-worker registration', async () => {
    const html = await (await fetch(`${server.baseURL}/`)).text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    const executable = scripts.filter((attrs) => !/type="application\/json"/.test(attrs));
    expect(executable).toEqual([' src="/sw-register.js" defer=""']);
    expect(html).not.toContain('vike_pageContext');
  });

  it('is sent to the teacher login by a login-required route, before any HTML', async () => {
    const response = await fetch(`${server.baseURL}/my-slots`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get('location') ?? '', server.baseURL).pathname).toBe('/login-teacher');

    const page = await newPage(browser, server.baseURL);
    await page.goto('/meetings-teacher');
    expect(new URL(page.url()).pathname).toBe('/login-teacher');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Connexion enseignant');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('gets a real 404 page for an unknown path', async () => {
    const page = await newPage(browser, server.baseURL);
    const response = await page.goto('/cette-page-n-existe-pas');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page introuvable');
    expect(await page.title()).toBe('Page introuvable — Passerelle Industrie');
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('searches the FAQ with a plain form, the page shipping no script but the service worker’s (issue 22)', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/faq');
    const questions = page.locator('details summary');
    const total = await questions.count();
    expect(total).toBeGreaterThan(1);
    const first = (await questions.first().textContent()) ?? '';
    const filter = page.getByLabel('Rechercher dans les questions');
    await filter.fill('zzz introuvable');
    await filter.press('Enter');
    await page.waitForURL('**/faq?q=zzz+introuvable');
    expect(await page.getByText('Aucune question ne correspond à votre recherche.').isVisible()).toBe(true);
    // The search stays in its field.
    expect(await filter.inputValue()).toBe('zzz introuvable');
    await filter.fill(
      first
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toUpperCase(),
    );
    await page.getByRole('button', { name: 'Rechercher' }).click();
    await expect.poll(() => questions.allTextContents()).toEqual([first]);
    expect(await page.getByRole('status').first().textContent()).toContain(`1 question sur ${total}`);
    expect(await accessibilityViolations(page)).toEqual([]);

    const scripts = await page
      .locator('script[src]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('src')));
    expect(scripts).toEqual(['/sw-register.js']);
    expect(await scriptBytes(page)).toBeLessThanOrEqual(4 * 1024);
  });

  it('gets the service worker installed at /sw.js with the root scope', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.baseURL}/`);
  });
});

describe('a logged-in teacher', () => {
  it('has the teacher menu in the 72 px top bar on desktop, the bottom bar on mobile, and the avatar link', async () => {
    const page = await newPage(browser, server.baseURL, { viewport: { width: 1280, height: 800 } });
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/home-teacher');

    const menu = page.getByRole('navigation', { name: 'Menu principal', exact: true });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Chercher une entreprise',
      'Mes favoris',
      'Mon espace',
      'Mes créneaux',
      'Mes classes',
    ]);
    expect(await menu.getByRole('link', { name: 'Mon espace' }).getAttribute('aria-current')).toBe('page');
    expect(
      await page
        .locator('header')
        .first()
        .evaluate((el) => el.getBoundingClientRect().height),
    ).toBe(72);
    expect(await page.getByRole('link', { name: 'Mon profil' }).first().getAttribute('href')).toBe(
      '/my-profile',
    );
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 375, height: 740 });
    expect(await menu.isVisible()).toBe(false);
    const bottom = page.getByRole('navigation', { name: 'Menu principal mobile' });
    expect(await bottom.isVisible()).toBe(true);
    expect(await bottom.getByRole('link').count()).toBe(6);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('has no menu on a route that hides it', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto('/cgu');
    expect(await page.getByRole('navigation', { name: 'Menu principal', exact: true }).count()).toBe(0);
  });
});

describe('a logged-in recruiter', () => {
  it('has the company menu and is led away from teachers’ routes', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await page.goto('/my-favorites');
    expect(new URL(page.url()).pathname).toBe('/home-company');
    const menu = page.getByRole('navigation', { name: 'Menu principal', exact: true });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Gérer mes créneaux',
      'Mon espace',
      'Mes créneaux',
      'Mon entreprise',
    ]);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('finds "Mon entreprise" in the menu, in the bottom bar and from the avatar, by keyboard', async () => {
    const page = await newPage(browser, server.baseURL, { viewport: { width: 1280, height: 800 } });
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await page.goto('/home-company');
    const menu = page.getByRole('navigation', { name: 'Menu principal', exact: true });
    const myCompany = menu.getByRole('link', { name: 'Mon entreprise' });
    expect(await myCompany.getAttribute('href')).toBe('/my-company');
    // Tabbing from the top of the page reaches it before the page's own content.
    let reached = false;
    for (let i = 0; i < 8 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await myCompany.evaluate((link) => link === document.activeElement);
    }
    expect(reached).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/my-company');
    expect(await myCompany.getAttribute('aria-current')).toBe('page');

    // The avatar leads to the profile, which leads on to the company.
    await page.getByRole('link', { name: 'Mon profil' }).first().click();
    await page.waitForURL('**/my-profile');
    await page.getByRole('main').getByRole('link', { name: 'Mon entreprise' }).click();
    await page.waitForURL('**/my-company');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Mon entreprise');

    await page.setViewportSize({ width: 390, height: 800 });
    const bottom = page.getByRole('navigation', { name: 'Menu principal mobile' });
    expect(await bottom.getByRole('link', { name: 'Mon entreprise' }).getAttribute('href')).toBe(
      '/my-company',
    );
    expect(await bottom.getByRole('link').count()).toBe(5);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
