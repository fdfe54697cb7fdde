import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { companies, outbox, users } from '../../db/schema.ts';
import { LOOKUP_STATUS } from '../../pages/signup-company/CompanySignUpSteps.tsx';
import { readConfig } from '../../server/kernel/config.ts';
import { type GeoplateformeServer, startGeoplateformeServer } from '../fixtures/geoplateforme-server.ts';
import {
  type RechercheEntreprisesServer,
  startRechercheEntreprisesServer,
} from '../fixtures/recherche-entreprises-server.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let geoplateforme: GeoplateformeServer;
let register: RechercheEntreprisesServer;
let smtp: TestSmtpServer;

beforeAll(async () => {
  [geoplateforme, register, smtp] = await Promise.all([
    startGeoplateformeServer(),
    startRechercheEntreprisesServer(),
    startSmtpServer(),
  ]);
  [server, browser] = await Promise.all([
    startServer({
      GEOPLATEFORME_URL: geoplateforme.url,
      COMPANY_LOOKUP_URL: register.url,
      SMTP_URL: smtp.url,
    }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([geoplateforme?.close(), register?.close(), smtp?.close()]);
});

async function logInCompany(page: Page) {
  await islandsReady(page);
  await page.getByLabel('Adresse e-mail').fill(EMAIL);
  await page.getByLabel('Mot de passe').fill('Motdepasse-1');
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** A head office the local register knows: FORGES DE VENISSIEUX, 25.62B, in the Rhône. */
const SIRET = '51234567900017';
const EMAIL = 'ines.moreau@forges-venissieux.fr';

const heading = (page: Page) => page.locator('form h2, section h2').first();
const next = (page: Page) => page.getByRole('button', { name: 'Continuer' }).click();

/** Each step is a page of its own (a light form posted to the sign-up's page, docs/decisions/0094). */
async function expectStep(page: Page, number: number, title: string) {
  await expect.poll(() => heading(page).textContent()).toBe(title);
  await islandsReady(page);
  expect(await page.getByText(`Étape ${number} sur 7`).isVisible()).toBe(true);
  expect(await accessibilityViolations(page)).toEqual([]);
}

describe('a company', () => {
  it('signs up in 7 steps from the company landing page, prefilled from its SIRET, and waits for validation', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/landing-company');
    expect(await accessibilityViolations(page)).toEqual([]);
    await Promise.all([
      page.waitForURL('**/signup-company'),
      page.getByRole('link', { name: 'Inscrire mon entreprise' }).first().click(),
    ]);
    await islandsReady(page);

    // Step 1: the department.
    await expectStep(page, 1, 'Votre département');
    await page
      .getByRole('combobox', { name: /Département de votre entreprise/ })
      .selectOption({ label: '69 — Rhône' });
    await next(page);

    // Step 2: a SIRET one digit short first (checked in the browser), then the right one, which prefills
    // the company when the step is posted.
    await expectStep(page, 2, 'Votre entreprise');
    const siret = page.getByRole('textbox', { name: /SIRET/ });
    await siret.fill(SIRET.slice(0, 13));
    await next(page);
    expect(await page.getByText('Veuillez saisir les 14 chiffres du SIRET').isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await siret.fill(`${SIRET.slice(0, 9)} ${SIRET.slice(9)}`);
    await next(page);
    await expectStep(page, 2, 'Votre entreprise');
    await page.getByText(LOOKUP_STATUS.found).waitFor();
    expect(await page.getByLabel('Nom de l’entreprise').inputValue()).toBe('FORGES DE VENISSIEUX');
    expect(await page.getByRole('combobox', { name: /Adresse de l’entreprise/ }).inputValue()).toBe(
      '12 Rue de l’Usine 69200 Vénissieux',
    );
    // The prefill asked once (the directory-checks job may ask about the demo's pending companies beside it).
    expect(register.requests.map((request) => request.url).filter((url) => url.endsWith(SIRET))).toEqual([
      `/search?q=${SIRET}`,
    ]);
    expect(await accessibilityViolations(page)).toEqual([]);
    await next(page);

    // Step 3: the NAF code came from the register; the sector and phone are typed.
    await expectStep(page, 3, 'Son activité');
    expect(await page.getByLabel('Code NAF').inputValue()).toBe('25.62B');
    await page.getByRole('combobox', { name: /Secteur d’activité/ }).selectOption({ label: 'Métallurgie' });
    await page.getByLabel('Téléphone de l’entreprise').fill('04 78 00 00 00');
    await next(page);

    // Step 4: the person; going back keeps what was typed.
    await expectStep(page, 4, 'Vos coordonnées');
    await page.getByLabel('Prénom').fill('Inès');
    await page.getByRole('textbox', { name: 'Nom (obligatoire)', exact: true }).fill('Moreau');
    await page.getByLabel('Adresse e-mail').fill(EMAIL);
    await page.getByRole('button', { name: 'Retour' }).click();
    await expectStep(page, 3, 'Son activité');
    expect(await page.getByLabel('Téléphone de l’entreprise').inputValue()).toBe('04 78 00 00 00');
    await next(page);
    await expectStep(page, 4, 'Vos coordonnées');
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe(EMAIL);
    await next(page);

    // Step 5: a weak password, then a good one confirmed.
    await expectStep(page, 5, 'Votre mot de passe');
    await page.getByLabel(/^Mot de passe/).fill('faible');
    await page.getByLabel('Confirmation du mot de passe').fill('faible');
    await next(page);
    expect(await page.getByText(/Le mot de passe doit contenir au moins 8 caractères/).isVisible()).toBe(
      true,
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByLabel(/^Mot de passe/).fill('Motdepasse-1');
    await page.getByLabel('Confirmation du mot de passe').fill('Motdepasse-1');
    await next(page);

    // Step 6: the terms must be ticked.
    await expectStep(page, 6, 'Conditions d’utilisation');
    await page.getByRole('button', { name: 'Inscrire mon entreprise' }).click();
    expect(await page.getByText('Vous devez cocher les CGU pour continuer').isVisible()).toBe(true);
    await page.getByLabel(/J’ai lu et j’accepte/).check();
    await page.getByRole('button', { name: 'Inscrire mon entreprise' }).click();

    // Step 7: the confirmation.
    await expectStep(page, 7, 'Inscription enregistrée');
    const confirmation = (await page.locator('section').first().textContent()) ?? '';
    expect(confirmation).toContain('Votre inscription est enregistrée');
    expect(confirmation).toContain('FORGES DE VENISSIEUX');
    expect(confirmation).toContain('validation par l’équipe');
    expect(confirmation).toContain(EMAIL);

    const db = openDb(server.databaseUrl);
    try {
      const [company] = await db.select().from(companies).where(eq(companies.siret, SIRET));
      expect(company).toMatchObject({
        name: 'FORGES DE VENISSIEUX',
        status: 'pending',
        nafCode: '25.62B',
        sector: 'metallurgy',
        phone: '0478000000',
        zipcode: '69200',
        departmentCode: '69',
      });
      const [recruiter] = await db.select().from(users).where(eq(users.email, EMAIL));
      expect(recruiter).toMatchObject({ kind: 'recruiter', companyId: company?.id });
      const mails = (await db.select().from(outbox)).map((row) => row.payload);
      expect(mails).toContainEqual({
        template: 'companySignupReceived',
        to: EMAIL,
        data: { firstName: 'Inès', companyName: 'FORGES DE VENISSIEUX' },
      });
    } finally {
      db.client.close();
    }
  });

  it('cannot log in while pending, is validated by an admin, gets the e-mail and then logs in to its home', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/login-company');
    await Promise.all([
      page.waitForURL((url) => url.searchParams.get('error') === 'company_not_found'),
      logInCompany(page),
    ]);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Votre entreprise est en attente de validation',
    );
    expect(await page.getByText(/vérifie les informations de votre entreprise/).isVisible()).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);

    const { ADMIN_EMAIL, ADMIN_PASSWORD } = readConfig({});
    const admin = await newPage(browser, server.baseURL);
    await admin.goto('/admin/login');
    await islandsReady(admin);
    await admin.getByLabel('Adresse e-mail').fill(ADMIN_EMAIL);
    await admin.getByLabel('Mot de passe').fill(ADMIN_PASSWORD);
    await Promise.all([
      admin.waitForURL((url) => url.pathname === '/admin'),
      admin.getByRole('button', { name: 'Se connecter' }).click(),
    ]);
    await islandsReady(admin);
    const card = admin
      .getByRole('region', { name: 'En attente de validation' })
      .getByRole('article', { name: 'FORGES DE VENISSIEUX' });
    await card.getByRole('button', { name: 'Valider FORGES DE VENISSIEUX' }).click();
    await expect.poll(() => card.count()).toBe(0);

    const mail = await smtp.waitForMessage(
      (m) =>
        m.envelope.to.includes(EMAIL) &&
        m.subject === 'FORGES DE VENISSIEUX est validée sur Passerelle Industrie',
      10_000,
    );
    const link = mail.text?.match(/https?:\/\/\S+\/login-company\b/)?.[0] ?? '';
    expect(new URL(link).origin).toBe(server.baseURL);

    await page.goto(link);
    await Promise.all([page.waitForURL('**/login-company-success'), logInCompany(page)]);
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
});
