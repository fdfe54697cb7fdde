import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { DEMO_PASSWORD } from '../../scripts/prepare-db.ts';
import { readConfig } from '../../server/kernel/config.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

const { ADMIN_EMAIL, ADMIN_PASSWORD } = readConfig({
  ADMIN_EMAIL: process.env.ADMIN_EMAIL,
  ADMIN_PASSWORD: process.env.ADMIN_PASSWORD,
});
/** A company validated long ago (in Isère, region Auvergne-Rhône-Alpes): out of any "latest" list. */
const OLD_COMPANY = 'Aciéries du Grésivaudan';
/** A company of Haute-Garonne (Occitanie): another region than the demo operator's. */
const OTHER_REGION_COMPANY = 'Aérostructures Garonne';

let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

async function logIn(email: string, password: string, width = 1280): Promise<Page> {
  const page = await newPage(browser, server.baseURL);
  await page.setViewportSize({ width, height: 900 });
  await page.goto('/admin/login');
  await islandsReady(page);
  await page.getByLabel('Adresse e-mail').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/admin'),
    page.getByRole('button', { name: 'Se connecter' }).click(),
  ]);
  await islandsReady(page);
  return page;
}

/** Searches the companies list with its form, as an operator types it. */
async function searchCompanies(page: Page, text: string) {
  const form = page.getByRole('search', { name: 'Rechercher une entreprise' });
  await form.getByLabel('Nom, ville ou SIRET').fill(text);
  await Promise.all([page.waitForURL(/[?&]q=/), form.getByRole('button', { name: 'Filtrer' }).click()]);
}

describe('the back-office (issue 13)', () => {
  it('lets an operator find an old validated company by search and archive it, after a confirmation', async () => {
    const page = await logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await searchCompanies(page, 'grésivaudan');
    const table = page.getByRole('table', { name: 'Entreprises' });
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /entreprise/ })
        .textContent(),
    ).toBe('1 entreprise');
    expect(await accessibilityViolations(page)).toEqual([]);

    await Promise.all([
      page.waitForURL(/\/admin\/companies\/\d+$/),
      table.getByRole('link', { name: OLD_COMPANY }).click(),
    ]);
    await islandsReady(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(OLD_COMPANY);
    expect(await page.getByRole('heading', { name: 'Statut : Validée' }).isVisible()).toBe(true);
    // Whether the demo gave it meetings depends on the day it was seeded: its section is there either way.
    expect(await page.getByRole('heading', { name: 'Rencontres', exact: true }).isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Cancelling the dialog changes nothing.
    await page.getByRole('button', { name: 'Archiver' }).click();
    let dialog = page.getByRole('dialog', { name: `Archiver ${OLD_COMPANY} ?` });
    expect(await dialog.textContent()).toContain('ne pourra plus se connecter');
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    expect(await page.getByRole('heading', { name: 'Statut : Validée' }).isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Archiver' }).focus();
    await page.keyboard.press('Enter');
    dialog = page.getByRole('dialog', { name: `Archiver ${OLD_COMPANY} ?` });
    await Promise.all([
      page.waitForURL(/decision=ArchiveCompany$/),
      dialog.getByRole('button', { name: 'Archiver l’entreprise' }).click(),
    ]);
    await islandsReady(page);
    expect(await page.getByRole('status').first().textContent()).toContain('L’entreprise est archivée');
    expect(await page.getByRole('heading', { name: 'Statut : Archivée' }).isVisible()).toBe(true);
    const history = page.getByRole('region', { name: 'Historique' });
    expect(await history.textContent()).toMatch(/Entreprise archivée par /);
    expect(await page.getByRole('button', { name: 'Restaurer' }).isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    // The list says it too, filtered by status.
    await page.goto('/admin?statut=archived');
    expect(await page.getByRole('table', { name: 'Entreprises' }).textContent()).toContain(OLD_COMPANY);
  });

  it('shows on its home what waits (companies, transport requests, new messages), each a link (issue 21)', async () => {
    const db = openDb(server.databaseUrl);
    const count = async (sql: string) => Number((await db.client.execute(sql)).rows[0]?.n ?? 0);
    const [companies, transport, messages] = await Promise.all([
      count("SELECT count(*) AS n FROM companies WHERE status = 'pending'"),
      count("SELECT count(*) AS n FROM transport_requests WHERE status = 'pending'"),
      count("SELECT count(*) AS n FROM contact_messages WHERE status = 'new' AND company_id IS NULL"),
    ]);
    db.client.close();
    expect(companies).toBeGreaterThan(0);
    const page = await logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    const waiting = page.getByRole('region', { name: 'Ce qui vous attend' });
    const links = await waiting
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => [a.textContent, a.getAttribute('href')]));
    const says = (n: number, one: string, many: string, none: string) =>
      n === 0 ? none : `${n} ${n === 1 ? one : many}`;
    expect(links).toEqual([
      [
        says(companies, 'entreprise à valider', 'entreprises à valider', 'Aucune entreprise à valider'),
        '#pending-companies-title',
      ],
      [
        says(
          transport,
          'demande de transport en attente',
          'demandes de transport en attente',
          'Aucune demande de transport en attente',
        ),
        '/admin/transport',
      ],
      [
        says(messages, 'nouveau message', 'nouveaux messages', 'Aucun nouveau message'),
        '/admin/contact?statut=new',
      ],
    ]);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('shows a regional operator their region only, and none of the national sections', async () => {
    const national = await logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await searchCompanies(national, 'garonne');
    const otherHref = await national
      .getByRole('table', { name: 'Entreprises' })
      .getByRole('link', { name: OTHER_REGION_COMPANY })
      .getAttribute('href');
    expect(otherHref).toMatch(/^\/admin\/companies\/\d+$/);

    const page = await logIn(DEMO_ACCOUNTS.regionalOperator, DEMO_PASSWORD, 390);
    const menu = page.getByRole('navigation', { name: 'Sections de l’administration' });
    expect(await menu.getByRole('link').allTextContents()).toEqual([
      'Entreprises',
      'Personnes',
      'Rencontres',
      'Transport',
      'Avis',
      'Messages',
      'Statistiques',
      'Départements',
      'Mon compte',
    ]);
    const departments = await page.getByLabel('Département').locator('option').allTextContents();
    expect(departments).toContain('Rhône (69)');
    expect(departments).toContain('Isère (38)');
    expect(departments.some((d) => d.includes('(31)'))).toBe(false);
    expect(await accessibilityViolations(page)).toEqual([]);

    await searchCompanies(page, 'garonne');
    expect(await page.getByText('Aucune entreprise ne correspond à ces critères.').isVisible()).toBe(true);
    const direct = await page.goto(otherHref ?? '');
    expect(direct?.status()).toBe(404);
    const audit = await page.goto('/admin/audit');
    expect(audit?.status()).toBe(403);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Accès réservé');
  });

  it("downloads the companies export of the operator's area, streamed as a spreadsheet reads it", async () => {
    const page = await logIn(DEMO_ACCOUNTS.regionalOperator, DEMO_PASSWORD);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Exporter ces entreprises (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('entreprises.csv');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.startsWith('\uFEFFIdentifiant;SIRET;Nom;Statut')).toBe(true);
    const rows = text.trim().split('\r\n').slice(1);
    expect(rows.length).toBeGreaterThan(5);
    // Rhône and Isère only: every row's department is one of the region's.
    const departmentColumn = 9;
    for (const row of rows)
      expect(['69', '38', '01', '42', '73', '74']).toContain(row.split(';')[departmentColumn]);
    expect(text).not.toContain(OTHER_REGION_COMPANY);
  });

  it('sends a person a link to choose their password, from their page', async () => {
    const page = await logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page
      .getByRole('navigation', { name: 'Sections de l’administration' })
      .getByRole('link', { name: 'Personnes' })
      .click();
    await page.waitForURL('**/admin/people');
    const form = page.getByRole('search', { name: 'Rechercher une personne' });
    await form.getByLabel('Nom ou e-mail').fill(DEMO_ACCOUNTS.teacher);
    await Promise.all([page.waitForURL(/q=/), form.getByRole('button', { name: 'Filtrer' }).click()]);
    expect(await accessibilityViolations(page)).toEqual([]);
    const link = page.getByRole('table', { name: 'Enseignants et partenaires' }).getByRole('link').first();
    await Promise.all([page.waitForURL(/\/admin\/people\/\d+$/), link.click()]);
    await islandsReady(page);
    expect(await page.getByRole('table', { name: /^Rencontres/ }).isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Envoyer un lien de connexion' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect.poll(() => page.getByRole('status').first().textContent()).toContain(DEMO_ACCOUNTS.teacher);
    const mail = await smtp.waitForMessage((m) => m.envelope.to.includes(DEMO_ACCOUNTS.teacher), 10_000);
    expect(mail.text).toMatch(/\/reset-password\?token=/);
    await page.reload();
    expect(await page.getByRole('region', { name: 'Historique' }).textContent()).toContain(
      'Lien d’accès envoyé',
    );
  });

  it('invites a regional operator, who chooses a password from the e-mail and sees their region', async () => {
    const page = await logIn(ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/admin/operators');
    await islandsReady(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    const form = page.locator('form', { has: page.getByRole('heading', { name: 'Inviter un opérateur' }) });
    await form.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await expect.poll(() => form.getByText('Ce champ est requis').isVisible()).toBe(true);
    await form.getByLabel(/E-mail/).fill('cst.occitanie@exemple.fr');
    await form.getByRole('button', { name: 'Envoyer l’invitation' }).click();
    await expect.poll(() => form.getByText('Choisissez la région de l’opérateur').isVisible()).toBe(true);
    // What was typed stays.
    expect(await form.getByLabel(/E-mail/).inputValue()).toBe('cst.occitanie@exemple.fr');
    await form.getByLabel(/Région/).selectOption({ label: 'Occitanie' });
    await Promise.all([
      page.waitForEvent('load'),
      form.getByRole('button', { name: 'Envoyer l’invitation' }).click(),
    ]);
    expect(
      await page.getByRole('paragraph').filter({ hasText: 'cst.occitanie@exemple.fr' }).isVisible(),
    ).toBe(true);
    expect(await page.getByText(/Opérateur régional — Occitanie — invitation en attente/).isVisible()).toBe(
      true,
    );

    const mail = await smtp.waitForMessage((m) => m.envelope.to.includes('cst.occitanie@exemple.fr'), 10_000);
    const link = mail.text?.match(/https?:\/\/\S+\/reset-password\?\S+/)?.[0] ?? '';
    const invited = await newPage(browser, server.baseURL);
    await invited.goto(link);
    await islandsReady(invited);
    const password = 'Chambre-Occitanie-2026!';
    await invited.getByLabel('Nouveau mot de passe').fill(password);
    await invited.getByRole('button', { name: 'Changer le mot de passe' }).click();
    // Once chosen, the page offers the back-office's login, not a teacher's.
    const login = invited.getByRole('status').getByRole('link', { name: 'Se connecter' });
    await expect.poll(() => login.getAttribute('href')).toBe('/admin/login');

    const operator = await logIn('cst.occitanie@exemple.fr', password);
    await searchCompanies(operator, 'garonne');
    expect(await operator.getByRole('table', { name: 'Entreprises' }).textContent()).toContain(
      OTHER_REGION_COMPANY,
    );
  });
});
