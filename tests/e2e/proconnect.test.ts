/**
 * « S’identifier avec ProConnect » (issue 37, docs/decisions/0095), in Chromium, against a real OpenID provider
 * playing ProConnect on loopback: who logs in, who is led to which sign-up (prefilled, never given an account),
 * the logout that ends ProConnect's session too, and each answer refused in French on the login page.
 */
import { eq } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { companies, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { freePort } from '../fixtures/net.ts';
import { type ProConnectServer, startProConnectServer } from '../fixtures/proconnect-server.ts';
import {
  accessibilityViolations,
  accessibilityViolationsWithoutJs,
  launchChromium,
  newContext,
} from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let proconnect: ProConnectServer;
let recruiterSiret: string;
let recruiterCompanyName: string;

/** A lycée's SIRET is what ProConnect sends for a teacher; the demo teacher's account is matched by e-mail. */
const LYCEE_SIRET = '19690001500017';
const UNKNOWN_SIRET = '51234567900017';

beforeAll(async () => {
  const port = await freePort();
  const platformUrl = `http://localhost:${port}`;
  proconnect = await startProConnectServer({ platformUrl });
  [server, browser] = await Promise.all([
    startServer({
      PORT: String(port),
      PROCONNECT_ISSUER: proconnect.issuer,
      PROCONNECT_CLIENT_ID: proconnect.clientId,
      PROCONNECT_CLIENT_SECRET: proconnect.clientSecret,
      // The register knows no company: a SIRET no company here has starts the company sign-up.
      COMPANY_LOOKUP: 'local',
    }),
    launchChromium(),
  ]);
  const db = openDb(server.databaseUrl);
  const [row] = await db
    .select({ siret: companies.siret, name: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
  if (!row) throw new Error('no demo recruiter');
  recruiterSiret = row.siret;
  recruiterCompanyName = row.name;
  for (const account of [
    {
      login: 'enseignante',
      email: DEMO_ACCOUNTS.teacher,
      given_name: 'Camille',
      usual_name: 'Enseignante',
      siret: LYCEE_SIRET,
    },
    {
      login: 'recruteur',
      email: DEMO_ACCOUNTS.recruiter,
      given_name: 'Paul',
      usual_name: 'Recruteur',
      siret: recruiterSiret,
    },
    {
      login: 'collegue',
      email: 'nadia.benali@exemple-industrie.fr',
      given_name: 'Nadia',
      usual_name: 'Benali',
      siret: recruiterSiret,
    },
    {
      login: 'fondateur',
      email: 'marc.lefort@nouvelle-usine.fr',
      given_name: 'Marc',
      usual_name: 'Lefort',
      siret: UNKNOWN_SIRET,
    },
    { login: 'sans-siret', email: 'ines.roux@exemple.fr', given_name: 'Inès', usual_name: 'Roux' },
    {
      login: 'non-verifiee',
      email: 'jeanne.petit@exemple.fr',
      given_name: 'Jeanne',
      usual_name: 'Petit',
      email_verified: false,
    },
  ]) {
    proconnect.setAccount(account);
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await proconnect?.close();
});

/** A browser of its own (ProConnect's session is per browser), without the provider's web fonts (offline). */
async function freshContext(options: { javaScriptEnabled?: boolean } = {}): Promise<BrowserContext> {
  const context = await newContext(browser, server.baseURL, options);
  await context.route('https://fonts.googleapis.com/**', (route) => route.abort());
  return context;
}

/** From a login page, the ProConnect button, then the provider's login and consent pages. */
async function throughProConnect(page: Page, login: string) {
  await page.getByRole('link', { name: 'S’identifier avec ProConnect' }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('peu-importe');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

const pathOf = (page: Page) => new URL(page.url()).pathname;
const alertText = (page: Page) => page.getByRole('alert').filter({ hasText: /\S/ }).first().textContent();

describe('the ProConnect button', () => {
  it('is on the three logins, with its « Qu’est-ce que ProConnect ? » link, and passes axe', async () => {
    const context = await freshContext();
    const page = await context.newPage();
    for (const [path, pour] of [
      ['/login-teacher?next=%2Fmy-favorites', 'teacher'],
      ['/login-company', 'recruiter'],
      ['/admin/login', 'admin'],
    ] as const) {
      await page.goto(path);
      const button = page.getByRole('link', { name: 'S’identifier avec ProConnect' });
      const href = new URL((await button.getAttribute('href')) ?? '', server.baseURL);
      expect(href.pathname).toBe('/auth/proconnect');
      expect(href.searchParams.get('pour')).toBe(pour);
      const about = page.getByRole('link', { name: 'Qu’est-ce que ProConnect ?' });
      expect(await about.getAttribute('href')).toBe('https://www.proconnect.gouv.fr/');
      expect(await accessibilityViolations(page)).toEqual([]);
    }
    await page.goto('/login-teacher?next=%2Fmy-favorites');
    const href = await page.getByRole('link', { name: 'S’identifier avec ProConnect' }).getAttribute('href');
    expect(new URL(href ?? '', server.baseURL).searchParams.get('next')).toBe('/my-favorites');
    await context.close();
  });
});

describe('who logs in', () => {
  it('logs the teacher of that e-mail in, where they were going, and logging out ends ProConnect’s session too', async () => {
    const context = await freshContext();
    const page = await context.newPage();
    await page.goto('/login-teacher?next=%2Fmy-favorites');
    await throughProConnect(page, 'enseignante');
    await page.waitForURL('**/my-favorites');

    await page.goto('/my-profile');
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    // ProConnect asks to confirm, then sends the browser back to the platform.
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL((url) => url.origin === server.baseURL && url.pathname === '/');
    expect(proconnect.endedSessions).toBe(1);
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('session');

    // ProConnect's session is gone: its login page is asked again.
    await page.goto('/login-teacher');
    await page.getByRole('link', { name: 'S’identifier avec ProConnect' }).click();
    await page.locator('input[name="login"]').waitFor();
    await context.close();
  });

  it('logs a recruiter in when ProConnect’s SIRET is their company’s', async () => {
    const context = await freshContext();
    const page = await context.newPage();
    await page.goto('/login-company');
    await throughProConnect(page, 'recruteur');
    await page.waitForURL((url) => ['/login-company-success', '/home-company'].includes(url.pathname));
    await page.goto('/home-company');
    expect(pathOf(page)).toBe('/home-company');
    await context.close();
  });
});

describe('who is led to a sign-up, prefilled, without an account made', () => {
  it('offers someone whose SIRET is a company’s here to ask to join it', async () => {
    const context = await freshContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login-company');
    await throughProConnect(page, 'collegue');
    await page.waitForURL('**/signup-company?proconnect=*');
    expect(page.url()).not.toContain('nadia');
    expect(await page.locator('body').textContent()).toContain(recruiterCompanyName);
    expect(await page.locator('input[name="email"]').inputValue()).toBe('nadia.benali@exemple-industrie.fr');
    expect(await page.locator('input[name="firstName"]').inputValue()).toBe('Nadia');
    expect(await page.locator('input[name="siret"]').inputValue()).toBe(recruiterSiret);
    expect(await accessibilityViolationsWithoutJs(page)).toEqual([]);
    expect(await userCount('nadia.benali@exemple-industrie.fr')).toBe(0);
    await context.close();
  });

  it('starts the company sign-up for a SIRET no company here has', async () => {
    const context = await freshContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login-company');
    await throughProConnect(page, 'fondateur');
    await page.waitForURL('**/signup-company?proconnect=*');
    expect(page.url()).not.toContain('lefort');
    expect(await page.locator('input[name="siret"]').inputValue()).toBe(UNKNOWN_SIRET);
    expect(await page.locator('input[name="email"]').inputValue()).toBe('marc.lefort@nouvelle-usine.fr');
    expect(await page.locator('input[name="lastName"]').inputValue()).toBe('Lefort');
    expect(await userCount('marc.lefort@nouvelle-usine.fr')).toBe(0);
    await context.close();
  });

  it('starts the teacher sign-up for someone without a SIRET', async () => {
    const context = await freshContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/login-teacher');
    await throughProConnect(page, 'sans-siret');
    await page.waitForURL('**/signup-teacher?proconnect=*');
    expect(await page.locator('input[name="email"]').inputValue()).toBe('ines.roux@exemple.fr');
    expect(await page.locator('input[name="firstName"]').inputValue()).toBe('Inès');
    expect(await page.locator('input[name="lastName"]').inputValue()).toBe('Roux');
    expect(await userCount('ines.roux@exemple.fr')).toBe(0);
    await context.close();
  });
});

describe('refused, in French, on the login page', () => {
  it('a wrong state, then a code replayed', async () => {
    const context = await freshContext();
    const page = await context.newPage();
    await page.goto('/login-teacher');
    await page.getByRole('link', { name: 'S’identifier avec ProConnect' }).click();
    await page.locator('input[name="login"]').waitFor();
    // What this browser keeps of the login it started: sealed, for the callback only.
    const flow = (await context.cookies()).find((cookie) => cookie.name === 'proconnect_flow');
    if (!flow) throw new Error('no login flow kept');
    expect(flow.httpOnly).toBe(true);
    await page.locator('input[name="login"]').fill('enseignante');
    await page.locator('input[name="password"]').fill('peu-importe');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/home-teacher');
    const callback = proconnect.lastCallback();

    // The same login's checks, but another state than ProConnect sent back.
    const forgedContext = await freshContext();
    await forgedContext.addCookies([flow]);
    const forgedPage = await forgedContext.newPage();
    const forged = new URL(callback);
    forged.searchParams.set('state', 'un-autre-etat-que-celui-de-ce-navigateur-0123456789');
    await forgedPage.goto(forged.href);
    expect(pathOf(forgedPage)).toBe('/login-teacher');
    expect(await alertText(forgedPage)).toContain('ne correspond pas à la connexion commencée');
    expect(await accessibilityViolations(forgedPage)).toEqual([]);
    await forgedContext.close();

    // The code that already served, with the very checks it was issued for: ProConnect refuses it.
    const replayContext = await freshContext();
    await replayContext.addCookies([flow]);
    const replay = await replayContext.newPage();
    await replay.goto(callback);
    expect(pathOf(replay)).toBe('/login-teacher');
    expect(await alertText(replay)).toContain('a déjà servi ou a expiré');
    await replay.goto('/home-teacher');
    expect(pathOf(replay)).toBe('/login-teacher');
    await replayContext.close();
    await context.close();
  });

  it('an expired ID token', async () => {
    const context = await freshContext();
    const page = await context.newPage();
    await page.goto('/login-company');
    proconnect.expireNextIdToken();
    await throughProConnect(page, 'recruteur');
    await page.waitForURL('**/login-company?proconnect=id_token');
    expect(await alertText(page)).toContain('identité expirée ou invalide');
    await page.goto('/home-company');
    expect(pathOf(page)).toBe('/login-teacher');
    await context.close();
  });

  it('an e-mail the identity provider has not verified', async () => {
    const context = await freshContext();
    const page = await context.newPage();
    await page.goto('/login-teacher');
    await throughProConnect(page, 'non-verifiee');
    await page.waitForURL('**/login-teacher?proconnect=email_unverified');
    expect(await alertText(page)).toContain('n’a pas confirmé votre adresse e-mail');
    expect(await userCount('jeanne.petit@exemple.fr')).toBe(0);
    await context.close();
  });
});

async function userCount(email: string): Promise<number> {
  const db = openDb(server.databaseUrl);
  return (await db.select({ id: users.id }).from(users).where(eq(users.email, email))).length;
}
