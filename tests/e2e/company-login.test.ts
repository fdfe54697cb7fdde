import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { DEMO_PASSWORD } from '../../scripts/prepare-db.ts';
import { testNow } from '../fixtures/clock.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { RECRUITER_SESSION_STORED, storedRecruiterSession } from './support/session.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The form checked in the browser once its script ran (a light form), then posted. */
async function logIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await islandsReady(page);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

describe('a company', () => {
  it('logs in with the recruitment site’s credentials, sees the success screen, then its home', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/login-company');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Connexion entreprise');
    expect(await page.getByText(/identifiants de leur compte sur le site de recrutement/).isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('link', { name: 'Inscrire mon entreprise' }).getAttribute('href')).toBe(
      '/signup-company',
    );
    expect(await accessibilityViolations(page)).toEqual([]);

    await logIn(page, DEMO_ACCOUNTS.recruiter, 'Mauvais-mot-1');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Identifiants incorrects');
    expect(new URL(page.url()).pathname).toBe('/login-company');

    const before = testNow().getTime();
    await Promise.all([page.waitForURL('**/login-company-success'), logIn(page, DEMO_ACCOUNTS.recruiter)]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Connexion réussie');
    expect(await page.getByRole('link', { name: 'Accéder à mon espace' }).getAttribute('href')).toBe(
      '/home-company',
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    // Kept by the success screen's island once it runs (the login's post handed them over).
    await expect.poll(() => storedRecruiterSession(page)).toEqual(RECRUITER_SESSION_STORED);
    const tokens = await storedRecruiterSession(page);
    expect(Number(tokens.expiresAt) - Number(tokens.createdAt)).toBe(3600_000);
    expect(Number(tokens.createdAt)).toBeGreaterThanOrEqual(before);

    await page.waitForURL('**/home-company', { timeout: 10_000 });
    const menu = page.getByRole('navigation', { name: 'Menu principal', exact: true });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Gérer mes créneaux',
      'Mon espace',
      'Mes créneaux',
      'Mon entreprise',
    ]);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('awaiting validation is told so on the company_not_found screen, with a way forward', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/login-company');
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('error') === 'company_not_found'),
      logIn(page, DEMO_ACCOUNTS.pendingRecruiter),
    ]);
    expect(new URL(page.url()).searchParams.get('cas')).toBe('pending');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Votre entreprise est en attente de validation',
    );
    expect(await page.getByText('Vous recevrez un e-mail dès qu’elle sera validée').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /Écrire à l’équipe/ }).isVisible()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Menu principal', exact: true }).count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    expect((await storedRecruiterSession(page)).accessToken).toBeNull();
    // No session was opened.
    await page.goto('/home-company');
    expect(new URL(page.url()).pathname).toBe('/login-teacher');
  });

  it('is logged out when the recruitment site refuses the refresh, and told so on the login page', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/login-company');
    await Promise.all([page.waitForURL('**/login-company-success'), logIn(page, DEMO_ACCOUNTS.recruiter)]);
    // The success screen moves on by itself: let it, so that no navigation of its own races the test's.
    await page.waitForURL('**/home-company', { timeout: 10_000 });
    await islandsReady(page);
    // A pair one minute from expiry whose refresh token the site does not know.
    await page.evaluate(() => {
      localStorage.setItem('refreshToken', 'inconnu');
      localStorage.setItem('expiresAt', String(Date.now() + 60_000));
    });
    await Promise.all([
      page.waitForURL(
        (url) => url.pathname === '/login-teacher' && url.searchParams.get('logout') === 'forced',
      ),
      page.goto('/my-slots'),
    ]);
    expect(await page.getByRole('status').textContent()).toBe(
      'Vous avez été déconnecté. Veuillez vous reconnecter.',
    );
    expect(await storedRecruiterSession(page)).toEqual({
      accessToken: null,
      refreshToken: null,
      expiresAt: null,
      createdAt: null,
      companyId: null,
    });
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.goto('/home-company');
    expect(new URL(page.url()).pathname).toBe('/login-teacher');
  });

  it('shows each failure screen, and a neutral one without a login in progress', async () => {
    const page = await newPage(browser, server.baseURL);
    for (const [code, heading] of [
      ['cst_not_authorized', 'La plateforme n’est pas encore ouverte dans votre département'],
      ['cst_not_authorized&cas=ferme', 'La plateforme n’est plus ouverte dans votre département'],
      ['company_not_found', 'Votre entreprise n’est pas active sur la plateforme'],
      ['company_not_found&cas=archived', 'Votre entreprise a été archivée'],
      ['company_not_found&cas=refused', 'L’inscription de votre entreprise a été refusée'],
      ['wrong_credentials', 'Identifiants incorrects'],
      ['cannot_create_ir_recruiter', 'Adresse e-mail déjà utilisée'],
      ['other_error', 'La connexion n’a pas abouti'],
      ['inconnu', 'La connexion n’a pas abouti'],
    ] as const) {
      await page.goto(`/login-company-success?error=${code}`);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), code).toBe(heading);
      expect(await accessibilityViolations(page), code).toEqual([]);
    }
    await page.goto(
      `/login-company-success?error=company_not_found&cas=refused&motif=${encodeURIComponent('Activité hors industrie')}`,
    );
    expect(
      await page
        .getByText('Motif indiqué par l’équipe de la plateforme : « Activité hors industrie »')
        .isVisible(),
    ).toBe(true);
    await page.goto('/login-company-success');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Connexion entreprise');
  });
});
