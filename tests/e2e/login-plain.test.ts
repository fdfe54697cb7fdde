import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { DEMO_PASSWORD } from '../../scripts/prepare-db.ts';
import { readConfig } from '../../server/kernel/config.ts';
import { launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

/*
 * Issue 22, forms before JavaScript: the teacher's and the operators' logins and the reset link's request work
 * as plain HTML forms, with
 * JavaScript off — the French message on a refusal, the e-mail kept and never the password, the session and
 * the page asked for on success.
 */

const { ADMIN_EMAIL, ADMIN_PASSWORD } = readConfig({ ADMIN_EMAIL: process.env.ADMIN_EMAIL });

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a login without JavaScript', () => {
  it('refuses a wrong password with its message and the e-mail kept, then logs the teacher in where they asked', async () => {
    const page = await newPage(browser, server.baseURL, {
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    await page.goto('/login-teacher?next=/my-groups');
    await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.teacher);
    await page.getByLabel('Mot de passe').fill('Pas-le-bon-1');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe('/login-teacher');
    expect(await page.getByText('Identifiants incorrects').isVisible()).toBe(true);
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe(DEMO_ACCOUNTS.teacher);
    expect(await page.getByLabel('Mot de passe').inputValue()).toBe('');

    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/my-groups');
    const cookies = await page.context().cookies();
    expect(cookies.some((cookie) => cookie.httpOnly && cookie.value.length > 20)).toBe(true);
    await page.context().close();
  });

  it('logs an operator in from the back-office login', async () => {
    const page = await newPage(browser, server.baseURL, { javaScriptEnabled: false });
    await page.goto('/admin/login');
    await page.getByLabel('Adresse e-mail').fill(ADMIN_EMAIL);
    await page.getByLabel('Mot de passe').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.context().close();
  });

  it('asks for a reset link: a wrong address is said under the field and kept, a right one is recorded', async () => {
    const page = await newPage(browser, server.baseURL, {
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    await page.goto('/forgot-password');
    await page.getByLabel('Adresse e-mail').fill('pas-une-adresse');
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await page.waitForLoadState('load');
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe('pas-une-adresse');
    expect(await page.getByText('L’adresse e-mail est invalide').isVisible()).toBe(true);
    await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.teacher);
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    await page.waitForURL('**/forgot-password?envoye=1');
    expect(await page.getByText('Demande enregistrée.').isVisible()).toBe(true);
    await page.context().close();
  });

  it('answers a plain post 303 See Other with the session cookie (API.md « Fresh-style »)', async () => {
    const answer = await fetch(`${server.baseURL}/login-teacher`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.baseURL, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: DEMO_ACCOUNTS.teacher, password: DEMO_PASSWORD }),
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/home-teacher');
    expect(answer.headers.getSetCookie().some((cookie) => /HttpOnly/i.test(cookie))).toBe(true);
  });
});
