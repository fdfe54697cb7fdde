import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_PAGE_JS_BUDGET_BYTES, FORM_PAGES, REACT_SCRIPT, scriptsOf } from '../../bench/form-weight.ts';
import { fieldErrors, loginSchema, passwordResetSchema } from '../../common/accounts.ts';
import { MESSAGES } from '../../common/messages.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { DEMO_PASSWORD } from '../../scripts/prepare-db.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { storedRecruiterSession } from './support/session.ts';

/*
 * Issue 36, « Lighter form pages » (docs/decisions/0092): the logins, the reset link's request and the new
 * password are light forms, plain HTML forms the browser checks before they leave, without React: the same
 * instant messages under the fields as the server's, in a page that ships at most 60 KB of JavaScript.
 */

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The messages the server's rules give these values: what the browser must show without asking it. */
const messagesOf = (schema: typeof loginSchema | typeof passwordResetSchema, values: object) => {
  const parsed = schema.safeParse(values);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

/** The text a control's `aria-describedby` points to: what a screen reader says with it. */
const descriptionOf = (page: Page, label: string) =>
  page.getByLabel(label).evaluate((control) =>
    (control.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim(),
  );

/** Every POST the page sends, by path. */
function postsOf(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  return posts;
}

describe('the login and password pages', () => {
  it('ship no React and at most 60 KB of JavaScript, gzipped', async () => {
    const pages = FORM_PAGES.filter((path) => !path.startsWith('/signup-'));
    expect(pages).toHaveLength(5);
    for (const path of pages) {
      const scripts = await scriptsOf(browser, `${server.baseURL}${path}`);
      expect(scripts.react, path).toBe(false);
      expect(scripts.gzipBytes, path).toBeLessThanOrEqual(FORM_PAGE_JS_BUDGET_BYTES);
      // The form's rules come with it: zod's core, not the whole of it.
      expect(scripts.paths.length, path).toBeLessThan(20);
    }
  });
});

describe('the sign-up pages', () => {
  it('ship no React and at most 60 KB of JavaScript, gzipped; an address field brings React once used', async () => {
    const pages = FORM_PAGES.filter((path) => path.startsWith('/signup-'));
    expect(pages).toHaveLength(2);
    for (const path of pages) {
      const scripts = await scriptsOf(browser, `${server.baseURL}${path}`);
      expect(scripts.react, path).toBe(false);
      expect(scripts.gzipBytes, path).toBeLessThanOrEqual(FORM_PAGE_JS_BUDGET_BYTES);
    }

    // The establishment's step: its address field is an island hydrated at its first use (decision 0094).
    const page = await newPage(browser, server.baseURL);
    let react = false;
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      if (REACT_SCRIPT.test(await response.text().catch(() => ''))) react = true;
    });
    const step = async (title: string) => {
      await expect.poll(() => page.locator('form h2').first().textContent()).toBe(title);
      await islandsReady(page);
    };
    await page.goto('/signup-teacher');
    await islandsReady(page);
    await page.getByRole('combobox', { name: /Département/ }).selectOption('69');
    await page.getByRole('button', { name: 'Continuer' }).click();
    await step('Vos informations');
    await page.getByLabel('Prénom').fill('Léa');
    await page.getByRole('textbox', { name: 'Nom (obligatoire)', exact: true }).fill('Dupont');
    await page.getByLabel('Adresse e-mail').fill('lea.dupont@exemple.fr');
    await page.getByLabel(/^Mot de passe/).fill('Motdepasse-1');
    await page.getByLabel('Collège').check();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await step('Votre établissement');
    await page.waitForLoadState('networkidle');
    expect(react).toBe(false);
    await page.getByRole('combobox', { name: /Adresse de l’établissement/ }).fill('Lyon');
    await page
      .getByRole('listbox', { name: /Adresse de l’établissement/ })
      .getByRole('option')
      .first()
      .waitFor();
    expect(react).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
  });
});

describe('a login with JavaScript', () => {
  it('says what is wrong under each field at once, in the server’s words, before anything is sent', async () => {
    const page = await newPage(browser, server.baseURL, { viewport: { width: 390, height: 844 } });
    const posts = postsOf(page);
    await page.goto('/login-teacher');
    await islandsReady(page);
    await page.evaluate(() => {
      (window as unknown as { untouched: boolean }).untouched = true;
    });
    await page.getByLabel('Adresse e-mail').fill('camille@');
    await page.getByRole('button', { name: 'Se connecter' }).click();

    const expected = messagesOf(loginSchema, { email: 'camille@', password: '' });
    expect(expected).toEqual({ email: 'L’adresse e-mail est invalide', password: 'Ce champ est requis' });
    expect(await descriptionOf(page, 'Adresse e-mail')).toBe(expected.email);
    expect(await descriptionOf(page, 'Mot de passe')).toBe(expected.password);
    expect(await page.getByText(expected.email ?? '').isVisible()).toBe(true);
    expect(await page.getByText(expected.password ?? '').isVisible()).toBe(true);
    expect(await page.getByLabel('Adresse e-mail').getAttribute('aria-invalid')).toBe('true');
    expect(
      await page.getByLabel('Adresse e-mail').evaluate((field) => field === document.activeElement),
    ).toBe(true);
    // Nothing left the page: no post, and the page is the one the test marked.
    expect(posts).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { untouched?: boolean }).untouched)).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Put right, a field loses its message; the other keeps its own.
    await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.teacher);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    expect(await page.getByText(expected.email ?? '').count()).toBe(0);
    expect(await page.getByLabel('Adresse e-mail').getAttribute('aria-invalid')).toBeNull();
    expect(await descriptionOf(page, 'Mot de passe')).toBe(expected.password);
    expect(await page.getByLabel('Mot de passe').evaluate((field) => field === document.activeElement)).toBe(
      true,
    );
    expect(posts).toEqual([]);

    // Right in form, wrong in fact: the server says it, the e-mail kept.
    await page.getByLabel('Mot de passe').fill('Pas-le-bon-1');
    await Promise.all([
      page.waitForEvent('framenavigated'),
      page.getByRole('button', { name: 'Se connecter' }).click(),
    ]);
    await islandsReady(page);
    expect(posts).toEqual(['/login-teacher']);
    expect(await page.getByRole('alert').textContent()).toBe('Identifiants incorrects');
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe(DEMO_ACCOUNTS.teacher);

    // A new mistake: the server's refusal goes, the field's message comes.
    await page.getByLabel('Mot de passe').fill('');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    expect(await page.getByText('Identifiants incorrects').count()).toBe(0);
    expect(await descriptionOf(page, 'Mot de passe')).toBe('Ce champ est requis');
    expect(posts).toEqual(['/login-teacher']);
    await page.context().close();
  });

  it('looks busy while it is sent, sends it once, and goes where the teacher asked', async () => {
    const page = await newPage(browser, server.baseURL, { viewport: { width: 1280, height: 800 } });
    const posts = postsOf(page);
    await page.goto('/login-teacher?next=/my-groups');
    await islandsReady(page);
    // The post is held on its way, as on a slow network, until the page has been clicked again.
    let letGo = () => {};
    const held = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    await page.route(
      (url) => url.pathname === '/login-teacher',
      async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      },
    );
    await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.teacher);
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    // Clicked from the page itself: Playwright's own click would wait for the held navigation.
    const sent = await page
      .getByRole('button', { name: 'Se connecter' })
      .evaluate(async (button: HTMLButtonElement) => {
        const later = () => new Promise((resolve) => setTimeout(resolve, 300));
        button.click();
        const busy = {
          busy: button.getAttribute('aria-busy'),
          disabled: button.getAttribute('aria-disabled'),
          status: button.querySelector('[role="status"]')?.textContent,
          label: button.textContent,
        };
        // Clicked again (it is not `disabled`: it keeps the focus), or sent by Enter: nothing more leaves.
        await later();
        button.click();
        button.form?.requestSubmit();
        await later();
        return busy;
      });
    letGo();
    expect(sent).toEqual({
      busy: 'true',
      disabled: 'true',
      status: 'Chargement…',
      label: 'Se connecterChargement…',
    });
    await page.waitForURL((url) => url.pathname === '/my-groups');
    expect(posts).toEqual(['/login-teacher']);
    await page.context().close();
  });

  it('forgets a recruiter’s tokens left in this browser by an ended session', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/faq');
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'eyJ.ancien');
      localStorage.setItem('refreshToken', 'ancien');
      localStorage.setItem('expiresAt', String(Date.now() + 3_600_000));
      localStorage.setItem('companyId', '7');
    });
    await page.goto('/login-teacher');
    await islandsReady(page);
    expect(Object.values(await storedRecruiterSession(page))).toEqual([null, null, null, null, null]);
    await page.context().close();
  });
});

describe('the password pages with JavaScript', () => {
  it('say a wrong address or a weak password at once, and leave a missing token to the server', async () => {
    const page = await newPage(browser, server.baseURL, { viewport: { width: 390, height: 844 } });
    const posts = postsOf(page);
    await page.goto('/forgot-password');
    await islandsReady(page);
    await page.getByLabel('Adresse e-mail').fill('pas-une-adresse');
    await page.getByRole('button', { name: 'Recevoir le lien' }).click();
    expect(await descriptionOf(page, 'Adresse e-mail')).toBe('L’adresse e-mail est invalide');
    expect(posts).toEqual([]);

    await page.goto('/reset-password?token=invente&pour=teacher');
    await islandsReady(page);
    await page.getByLabel('Nouveau mot de passe').fill('faible');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    const weak = messagesOf(passwordResetSchema, { token: 'invente', password: 'faible' }).password;
    expect(weak).toMatch(/^Le mot de passe doit contenir au moins 8 caractères/);
    // With its rule as the hint: both are read with the field.
    expect((await descriptionOf(page, 'Nouveau mot de passe')).endsWith(weak ?? '-')).toBe(true);
    expect(posts).toEqual([]);
    expect(await accessibilityViolations(page)).toEqual([]);

    // A link without its token: a hidden field is not the browser's to judge, the form goes and the server
    // says it above the form.
    await page.goto('/reset-password');
    await islandsReady(page);
    await page.getByLabel('Nouveau mot de passe').fill('Nouveau-mot-2026!');
    await Promise.all([
      page.waitForEvent('framenavigated'),
      page.getByRole('button', { name: 'Changer le mot de passe' }).click(),
    ]);
    await islandsReady(page);
    expect(posts).toEqual(['/reset-password']);
    expect(await page.getByRole('alert').textContent()).toBe(MESSAGES.invalidResetLink);
    await page.context().close();
  });
});
