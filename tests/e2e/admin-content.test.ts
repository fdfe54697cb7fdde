import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { readConfig } from '../../server/kernel/config.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/**
 * Issue 13, content: a national administrator edits the FAQ and the platform's articles from /admin/content,
 * and readers find them where they read them — the FAQ of their audience, the landing page's news, the
 * article's page — while a draft stays a 404 for everyone else. Every page is axe-clean at 1280 and 390 px.
 */
const { ADMIN_EMAIL } = readConfig({ ADMIN_EMAIL: process.env.ADMIN_EMAIL });
const WIDTHS = [1280, 390];

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A page for this person (a visitor without `email`), as wide as a desktop screen. */
async function pageFor(email?: string): Promise<Page> {
  const page = await newPage(browser, server.baseURL, { viewport: { width: 1280, height: 900 } });
  if (email) await logInAs(page.context(), server.databaseUrl, server.baseURL, email);
  return page;
}

/** The page is axe-clean at each width, and nothing is wider than the screen. */
async function expectAccessibleAtEveryWidth(page: Page): Promise<void> {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await accessibilityViolations(page), `${page.url()} at ${width} px`).toEqual([]);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${page.url()} at ${width} px`,
    ).toBe(width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A toast says this (others may still be showing). */
async function expectToast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.getByRole('status').filter({ hasText: text }).count(), { timeout: 10_000 })
    .toBe(1);
}

async function openContentScreen(): Promise<Page> {
  const page = await pageFor(ADMIN_EMAIL);
  await page.goto('/admin');
  await page.getByRole('link', { name: 'Contenus' }).click();
  await page.waitForURL('**/admin/content');
  await islandsReady(page);
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Contenus');
  return page;
}

async function writeArticle(page: Page, title: string, body: string, publish: boolean): Promise<string> {
  await page.getByRole('button', { name: 'Nouvel article' }).click();
  const editor = page.getByRole('region', { name: 'Nouvel article' });
  await editor.getByLabel(/^Titre/).fill(title);
  await editor.getByLabel(/^Résumé/).fill('Un résumé pour les pages d’accueil.');
  await editor.getByLabel(/^Texte/).fill(body);
  if (publish) await editor.getByRole('checkbox', { name: /^Publier l’article/ }).check();
  await editor
    .getByRole('button', { name: publish ? 'Enregistrer et publier' : 'Enregistrer le brouillon' })
    .click();
  await expectToast(page, publish ? 'L’article est publié.' : 'Le brouillon est enregistré.');
  const link = page.getByRole('link', { name: new RegExp(`« ${title} »$`) });
  return (await link.getAttribute('href')) ?? '';
}

describe('the content screen', () => {
  it('edits a teachers’ FAQ entry, which teachers then read on /faq and visitors do not', async () => {
    const page = await openContentScreen();
    await expectAccessibleAtEveryWidth(page);

    const teachers = page.getByRole('region', { name: /^Enseignants/ });
    await teachers
      .getByRole('button', { name: 'Modifier la question « Comment annuler une réservation ? »' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Modifier la question' });
    // A question left empty is refused under its field; the answer typed meanwhile stays.
    await dialog.getByLabel(/^Question/).fill('');
    await dialog
      .getByLabel(/^Réponse/)
      .fill('Ouvrez la rencontre dans « Mes rencontres » et choisissez « Annuler ».');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    expect(await dialog.getByText('Ce champ est requis').isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByLabel(/^Question/).fill('Comment annuler une rencontre réservée ?');
    await dialog.getByLabel(/^Position/).fill('0');
    await page.keyboard.press('Enter');
    await expectToast(page, 'La question est enregistrée.');
    // The list is read again once saved: the question that held position 0 moved down one.
    await expect
      .poll(() => teachers.getByRole('heading', { level: 4 }).first().textContent())
      .toBe('Comment annuler une rencontre réservée ?');

    const teacher = await pageFor(DEMO_ACCOUNTS.teacher);
    await teacher.goto('/faq');
    await islandsReady(teacher);
    const forTeachers = teacher.locator('section', {
      has: teacher.getByRole('heading', { name: 'Pour les enseignants' }),
    });
    expect(await forTeachers.locator('summary').first().textContent()).toBe(
      'Comment annuler une rencontre réservée ?',
    );
    await forTeachers.getByText('Comment annuler une rencontre réservée ?').click();
    expect(await forTeachers.getByText('Ouvrez la rencontre dans « Mes rencontres »').isVisible()).toBe(true);
    await expectAccessibleAtEveryWidth(teacher);

    const visitor = await pageFor();
    await visitor.goto('/faq');
    expect(await visitor.locator('main').textContent()).not.toContain(
      'Comment annuler une rencontre réservée ?',
    );
    expect(await visitor.locator('main').textContent()).toContain('Le service est-il payant ?');
    await expectAccessibleAtEveryWidth(visitor);
  });

  it('publishes an article that a visitor opens from the landing page', async () => {
    const page = await openContentScreen();
    const title = 'Trois nouvelles entreprises à Lyon';
    const body = [
      '# Qui ouvre ses portes',
      '',
      'Une **fonderie**, un atelier de *chaudronnerie* et un [sous-traitant](https://exemple.fr/aero).',
      '',
      '- visites le mercredi',
      '- interventions en classe',
      '',
      '<script>document.title = "piraté"</script>',
    ].join('\n');
    await page.getByRole('button', { name: 'Nouvel article' }).click();
    const editor = page.getByRole('region', { name: 'Nouvel article' });
    await editor.getByLabel(/^Texte/).fill(body);
    const preview = editor.getByRole('region', { name: 'Aperçu' });
    expect(await preview.getByRole('heading', { level: 5 }).textContent()).toBe('Qui ouvre ses portes');
    await expectAccessibleAtEveryWidth(page);
    await editor.getByRole('button', { name: 'Annuler' }).click();

    const href = await writeArticle(page, title, body, true);
    expect(href).toMatch(/^\/article\/\d+$/);

    const visitor = await pageFor();
    await visitor.goto('/');
    const news = visitor.getByRole('region', { name: 'Actualités de la plateforme' });
    await news.getByRole('link', { name: title }).click();
    await visitor.waitForURL(`**${href}`);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await visitor.getByRole('heading', { level: 2 }).textContent()).toBe('Qui ouvre ses portes');
    expect(await visitor.locator('article strong').textContent()).toBe('fonderie');
    const link = visitor.getByRole('link', { name: 'sous-traitant' });
    expect(await link.getAttribute('href')).toBe('https://exemple.fr/aero');
    expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await visitor.locator('article').textContent()).toContain(
      '<script>document.title = "piraté"</script>',
    );
    expect(await visitor.title()).not.toBe('piraté');
    expect(await visitor.getByText('Brouillon', { exact: false }).count()).toBe(0);
    await expectAccessibleAtEveryWidth(visitor);

    await visitor.goto('/landing-company');
    expect(
      await visitor
        .getByRole('region', { name: 'Actualités de la plateforme' })
        .getByRole('link', { name: title })
        .count(),
    ).toBe(1);
    await expectAccessibleAtEveryWidth(visitor);
  });

  it('keeps a draft a 404 for visitors and teachers, and shows it to the administrator as a draft', async () => {
    const page = await openContentScreen();
    const title = 'Bilan de l’année scolaire';
    const href = await writeArticle(page, title, 'Le bilan arrive en juin.', false);

    for (const email of [undefined, DEMO_ACCOUNTS.teacher]) {
      const reader = await pageFor(email);
      const response = await reader.goto(href);
      expect(response?.status(), email ?? 'visitor').toBe(404);
      expect(await reader.locator('main').textContent()).not.toContain(title);
      await expectAccessibleAtEveryWidth(reader);
    }

    const response = await page.goto(href);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await page.getByText('Brouillon : cet article n’est pas publié.').isVisible()).toBe(true);
    await expectAccessibleAtEveryWidth(page);

    // Deleted after a confirmation, it is gone for the administrator too.
    await page.goto('/admin/content');
    await islandsReady(page);
    await page.getByRole('button', { name: `Supprimer l’article « ${title} »` }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer cet article ?' });
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Supprimer l’article' }).click();
    await expectToast(page, 'L’article est supprimé.');
    expect((await page.goto(href))?.status()).toBe(404);
  });
});
