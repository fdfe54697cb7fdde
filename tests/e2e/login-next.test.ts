import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { DEMO_PASSWORD } from '../../scripts/prepare-db.ts';
import { readConfig } from '../../server/kernel/config.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/** A visitor who opens a page that needs a login logs in and lands on that page, not on their home. */
let server: RunningServer;
let browser: Browser;
const { ADMIN_EMAIL, ADMIN_PASSWORD } = readConfig({
  ADMIN_EMAIL: process.env.ADMIN_EMAIL,
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD,
});

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await islandsReady(page);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

const here = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

describe('logging in from a page that needs it', () => {
  it('brings a teacher back to /my-favorites', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/my-favorites');
    expect(here(page)).toBe('/login-teacher?next=%2Fmy-favorites');
    expect(await accessibilityViolations(page)).toEqual([]);
    await Promise.all([
      page.waitForURL((url) => url.pathname !== '/login-teacher'),
      logIn(page, DEMO_ACCOUNTS.teacher),
    ]);
    expect(here(page)).toBe('/my-favorites');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Mes favoris');
  });

  it('keeps the query of the page asked for', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/meetings-teacher?periode=termines');
    expect(here(page)).toBe(
      `/login-teacher?next=${encodeURIComponent('/meetings-teacher?periode=termines')}`,
    );
    await Promise.all([
      page.waitForURL((url) => url.pathname !== '/login-teacher'),
      logIn(page, DEMO_ACCOUNTS.teacher),
    ]);
    expect(here(page)).toBe('/meetings-teacher?periode=termines');
  });

  it('brings a recruiter, who goes on to the company login, back to /my-company', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/my-company');
    expect(here(page)).toBe('/login-teacher?next=%2Fmy-company');
    await page.getByRole('link', { name: 'Connexion entreprise' }).click();
    expect(here(page)).toBe('/login-company?next=%2Fmy-company');
    await Promise.all([page.waitForURL('**/login-company-success?*'), logIn(page, DEMO_ACCOUNTS.recruiter)]);
    expect(await page.getByRole('link', { name: 'Voir la page demandée' }).getAttribute('href')).toBe(
      '/my-company',
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.waitForURL('**/my-company', { timeout: 10_000 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Mon entreprise');
  });

  it('brings an administrator back to /admin/departments', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/admin/departments');
    expect(here(page)).toBe('/admin/login?next=%2Fadmin%2Fdepartments');
    await Promise.all([
      page.waitForURL((url) => url.pathname !== '/admin/login'),
      logIn(page, ADMIN_EMAIL, ADMIN_PASSWORD),
    ]);
    expect(here(page)).toBe('/admin/departments');
  });

  it('goes home instead of another site, or of a page of another kind of user', async () => {
    for (const next of ['//evil.example/', 'https://evil.example/', '/\\evil.example', '/my-slots']) {
      const page = await newPage(browser, server.baseURL);
      await page.goto(`/login-teacher?next=${encodeURIComponent(next)}`);
      await Promise.all([
        page.waitForURL((url) => url.pathname !== '/login-teacher'),
        logIn(page, DEMO_ACCOUNTS.teacher),
      ]);
      expect(page.url(), next).toBe(`${server.baseURL}/home-teacher`);
      await page.context().close();
    }
  });

  it('sends someone already logged in straight on from a login page', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/login-teacher?next=%2Fmy-favorites');
    await Promise.all([page.waitForURL('**/my-favorites'), logIn(page, DEMO_ACCOUNTS.teacher)]);
    await page.goto('/login-teacher?next=%2Fmeetings-teacher');
    expect(here(page)).toBe('/meetings-teacher');
    await page.goto('/login-teacher?next=%2F%2Fevil.example');
    expect(here(page)).toBe('/home-teacher');
  });
});
