import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { accessibilityViolations, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/*
 * Issue 36: a visitor reaches the team without an account (every page's footer), and a recruiter sent to the
 * teacher login from a company's page is pointed to the company login at once.
 */

const CONTACT_EMAIL = 'equipe@passerelle.test';
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer({ CONTACT_EMAIL }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the footer', () => {
  for (const viewport of VIEWPORTS) {
    it(`offers a visitor the team’s address on a public page, at ${viewport.width} px`, async () => {
      const page = await newPage(browser, server.baseURL, { viewport });
      for (const path of ['/', '/search-companies', '/faq']) {
        await page.goto(path);
        const footer = page.getByRole('contentinfo');
        const write = footer.getByRole('link', { name: /^Nous écrire/ });
        expect(await write.getAttribute('href'), path).toBe(`mailto:${CONTACT_EMAIL}`);
        expect(await write.isVisible(), path).toBe(true);
        expect(await footer.getByRole('link', { name: 'Nous contacter' }).count(), path).toBe(0);
      }
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('keeps « Nous contacter », the contact form, for a logged-in user', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto('/faq');
    const footer = page.getByRole('contentinfo');
    expect(await footer.getByRole('link', { name: 'Nous contacter' }).getAttribute('href')).toBe(
      '/contact-us',
    );
    expect(await footer.getByRole('link', { name: /^Nous écrire/ }).count()).toBe(0);
    await page.context().close();
  });
});

describe('the teacher login', () => {
  for (const viewport of VIEWPORTS) {
    it(`says at once to a visitor sent from a company’s page where companies log in, at ${viewport.width} px`, async () => {
      const page = await newPage(browser, server.baseURL, { viewport });
      await page.goto('/my-company');
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
        '/login-teacher?next=%2Fmy-company',
      );
      const hint = page.getByTestId('company-side');
      expect(await hint.textContent()).toBe('Vous êtes une entreprise ? Connexion entreprise');
      expect(await hint.isVisible()).toBe(true);
      const companyLogin = hint.getByRole('link', { name: 'Connexion entreprise' });
      expect(await companyLogin.getAttribute('href')).toBe('/login-company?next=%2Fmy-company');
      // Above the form, and the only way to the company login.
      const [hintBox, formBox] = await Promise.all([
        hint.boundingBox(),
        page.getByLabel('Adresse e-mail').boundingBox(),
      ]);
      expect((hintBox?.y ?? Infinity) < (formBox?.y ?? 0)).toBe(true);
      expect(await page.getByRole('link', { name: 'Connexion entreprise' }).count()).toBe(1);
      expect(await accessibilityViolations(page)).toEqual([]);
      await page.context().close();
    });
  }

  it('says nothing of it when the page asked is a teacher’s or a public one', async () => {
    const page = await newPage(browser, server.baseURL);
    for (const path of [
      '/my-favorites',
      '/login-teacher?next=%2Fcompany-details%3Fid%3D1',
      '/login-teacher',
    ]) {
      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe('/login-teacher');
      expect(await page.getByTestId('company-side').count(), path).toBe(0);
      expect(await page.getByRole('link', { name: 'Connexion entreprise' }).count(), path).toBe(1);
    }
    await page.context().close();
  });
});
