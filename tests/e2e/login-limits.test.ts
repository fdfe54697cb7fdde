import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { DEMO_PASSWORD } from '../../scripts/prepare-db.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Ten wrong passwords for an account, sent from the page (the browser's address, as a stranger's would be). */
async function failTenTimes(page: Page, mutation: 'loginTeacher' | 'loginCompany', email: string) {
  const codes = await page.evaluate(
    async ({ mutation, email }) => {
      const codes: (string | undefined)[] = [];
      for (let i = 0; i < 10; i++) {
        const response = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query: `mutation ($e: String!, $p: String!) { ${mutation}(email: $e, password: $p) { token } }`,
            variables: { e: email, p: `Mauvais-${i}!` },
          }),
        });
        const body = (await response.json()) as { errors?: { extensions?: { code?: string } }[] };
        codes.push(body.errors?.[0]?.extensions?.code);
      }
      return codes;
    },
    { mutation, email },
  );
  expect(codes).toEqual(Array(10).fill('wrong_credentials'));
}

async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await islandsReady(page);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

const REFUSED =
  /^Trop de tentatives de connexion\. Réessayez dans 1[45] minutes, ou choisissez «\sMot de passe oublié\s\?\s» pour en définir un nouveau\.$/;

describe('a login slowed by its limits (docs/decisions/0050)', () => {
  it('tells the teacher when to try again, on the form, at 1280 px', async () => {
    const page = await newPage(browser, server.baseURL, { viewport: { width: 1280, height: 800 } });
    await page.goto('/login-teacher');
    await failTenTimes(page, 'loginTeacher', DEMO_ACCOUNTS.teacher);
    await logIn(page, DEMO_ACCOUNTS.teacher);
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(REFUSED);
    expect(new URL(page.url()).pathname).toBe('/login-teacher');
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe(DEMO_ACCOUNTS.teacher);
    expect(await page.getByRole('link', { name: 'Mot de passe oublié ?' }).isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('tells the company the same, on its form rather than a failure screen, at 390 px', async () => {
    const page = await newPage(browser, server.baseURL, { viewport: { width: 390, height: 844 } });
    await page.goto('/login-company');
    await failTenTimes(page, 'loginCompany', DEMO_ACCOUNTS.recruiter);
    await logIn(page, DEMO_ACCOUNTS.recruiter);
    const alert = page.getByRole('alert');
    await expect.poll(() => alert.textContent()).toMatch(REFUSED);
    expect(new URL(page.url()).pathname).toBe('/login-company');
    const box = await alert.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});
