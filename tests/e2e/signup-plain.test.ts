import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../common/accounts.ts';
import { COMPANY_MESSAGES } from '../../common/companies.ts';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { MESSAGES } from '../../common/messages.ts';
import { openDb } from '../../db/client.ts';
import { companies, companyJoinRequests, establishments, outbox, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { PASSWORD_KEPT_HINT } from '../../pages/layout/sign-up/NewPasswordFields.tsx';
import { LOOKUP_STATUS } from '../../pages/signup-company/CompanySignUpSteps.tsx';
import { type GeoplateformeServer, startGeoplateformeServer } from '../fixtures/geoplateforme-server.ts';
import {
  type RechercheEntreprisesServer,
  startRechercheEntreprisesServer,
} from '../fixtures/recherche-entreprises-server.ts';
import { accessibilityViolationsWithoutJs, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/*
 * Issue 36, the sign-ups without JavaScript: every step of the teacher's and the company's wizards is a plain
 * form that the page handles (every message of the step at once, the values kept but never a password, which
 * goes on sealed), « Retour » keeps what was typed, the last step creates the account as the API does; the
 * request to join a company already signed up works the same way. And a typed address is settled by the
 * server: the one place it names, else places to tick, else a French message.
 */

let server: RunningServer;
let browser: Browser;
let geoplateforme: GeoplateformeServer;
let register: RechercheEntreprisesServer;

beforeAll(async () => {
  [geoplateforme, register] = await Promise.all([
    startGeoplateformeServer(),
    startRechercheEntreprisesServer(),
  ]);
  [server, browser] = await Promise.all([
    startServer({ GEOPLATEFORME_URL: geoplateforme.url, COMPANY_LOOKUP_URL: register.url }),
    launchChromium(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await Promise.all([geoplateforme?.close(), register?.close()]);
});

const PASSWORD = 'Motdepasse-1';
const withoutJs = { viewport: { width: 390, height: 844 }, javaScriptEnabled: false };

const heading = (page: Page) => page.locator('form h2, section h2').first();
/** Text as written: the French messages' non-breaking spaces are not spaces. */
const shown = (page: Page, text: string) => page.getByText(text, { exact: true }).isVisible();

async function submit(page: Page, button: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForLoadState('load');
}

async function expectStep(page: Page, title: string) {
  expect(await heading(page).textContent()).toBe(title);
}

/** axe-core on what a browser without JavaScript shows (slow: on the screens that differ). */
async function expectAccessible(page: Page) {
  expect(await accessibilityViolationsWithoutJs(page)).toEqual([]);
}

async function inDb<T>(read: (db: ReturnType<typeof openDb>) => Promise<T>): Promise<T> {
  const db = openDb(server.databaseUrl);
  try {
    return await read(db);
  } finally {
    db.client.close();
  }
}

const mailsTo = (email: string) =>
  inDb(async (db) =>
    (await db.select().from(outbox))
      .map((row) => row.payload as { template?: string; to?: string })
      .filter((mail) => mail.to === email)
      .map((mail) => mail.template),
  );

describe('the teacher sign-up without JavaScript', () => {
  it('goes step by step to the teacher’s home, every message of a step at once, « Retour » keeping what was typed', async () => {
    const page = await newPage(browser, server.baseURL, withoutJs);
    await page.goto('/signup-teacher');

    // Step 1: the department is a real control; nothing chosen is said, then a choice goes on.
    await submit(page, 'Continuer');
    await expectStep(page, 'Votre département');
    expect(await shown(page, MESSAGES.required)).toBe(true);
    await page.getByLabel('Département de votre établissement').selectOption('69');
    await submit(page, 'Continuer');

    // Step 2: four wrong fields, four messages at once; what was typed stays, never the password.
    await expectStep(page, 'Vos informations');
    await page.getByLabel('Prénom').fill('Léa');
    await page.getByRole('textbox', { name: 'Nom (obligatoire)', exact: true }).fill('Dupont');
    await page.getByLabel('Adresse e-mail').fill('lea.dupont@');
    await page.getByLabel('Téléphone').fill('12345');
    await page.getByLabel('Mot de passe').fill('faible');
    await submit(page, 'Continuer');
    await expectStep(page, 'Vos informations');
    for (const message of [
      MESSAGES.invalidEmail,
      MESSAGES.invalidPhone,
      MESSAGES.invalidPassword,
      ACCOUNT_MESSAGES.schoolLevels,
    ]) {
      expect(await shown(page, message), message).toBe(true);
    }
    await expectAccessible(page);
    expect(await page.getByLabel('Prénom').inputValue()).toBe('Léa');
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe('lea.dupont@');
    expect(await page.getByLabel('Téléphone').inputValue()).toBe('12345');
    expect(await page.getByLabel('Mot de passe').inputValue()).toBe('');

    await page.getByLabel('Adresse e-mail').fill('lea.dupont@exemple.fr');
    await page.getByLabel('Téléphone').fill('06 12 34 56 78');
    await page.getByLabel('Mot de passe').fill(PASSWORD);
    await page.getByLabel('Lycée').check();
    await submit(page, 'Continuer');
    await expectStep(page, 'Votre établissement');
    // The password goes on sealed: never in clear in a later step's page.
    expect(await page.content()).not.toContain(PASSWORD);

    // « Retour » keeps what was typed, this step's too; the password is kept, to be left empty.
    await page.getByLabel('Nom de l’établissement').fill('Lycée Ampère');
    await submit(page, 'Retour');
    await expectStep(page, 'Vos informations');
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe('lea.dupont@exemple.fr');
    expect(await page.getByLabel('Lycée').isChecked()).toBe(true);
    expect(await page.getByText(PASSWORD_KEPT_HINT, { exact: false }).isVisible()).toBe(true);
    expect(await page.getByLabel(/^Mot de passe/).inputValue()).toBe('');
    await submit(page, 'Continuer');
    await expectStep(page, 'Votre établissement');
    expect(await page.getByLabel('Nom de l’établissement').inputValue()).toBe('Lycée Ampère');

    // Step 3: the address typed is settled by the server: unknown, then several places to tick.
    await page.getByLabel('Type d’établissement').selectOption('Lycée général et technologique');
    const address = page.getByRole('combobox', { name: /Adresse de l’établissement/ });
    await address.fill('Toulouse');
    await submit(page, 'Continuer');
    await expectStep(page, 'Votre établissement');
    expect(await shown(page, ACCOUNT_MESSAGES.addressNotFound('Toulouse'))).toBe(true);
    expect(await address.inputValue()).toBe('Toulouse');
    await address.fill('Rhône');
    await submit(page, 'Continuer');
    await expectStep(page, 'Votre établissement');
    expect(await shown(page, ACCOUNT_MESSAGES.addressChoices('Rhône'))).toBe(true);
    await expectAccessible(page);
    await page.getByRole('radio', { name: /Lyon 3e Arrondissement/ }).check();
    await submit(page, 'Continuer');

    // Step 4: the terms must be ticked; then the account, its session and the teacher's home.
    await expectStep(page, 'Conditions d’utilisation');
    await submit(page, 'Créer mon compte');
    expect(await shown(page, MESSAGES.acceptTerms)).toBe(true);
    await page.getByLabel(/J’ai lu et j’accepte/).check();
    await submit(page, 'Créer mon compte');
    expect(new URL(page.url()).pathname).toBe('/home-teacher');

    const [teacher] = await inDb((db) =>
      db
        .select({ user: users, establishment: establishments })
        .from(users)
        .innerJoin(establishments, eq(users.establishmentId, establishments.id))
        .where(eq(users.email, 'lea.dupont@exemple.fr')),
    );
    expect(teacher?.user).toMatchObject({
      kind: 'teacher',
      firstName: 'Léa',
      phone: '0612345678',
      departmentCode: '69',
      schoolLevels: ['lycee'],
    });
    expect(teacher?.establishment).toMatchObject({
      name: 'Lycée Ampère',
      type: 'Lycée général et technologique',
      label: 'Lyon 3e Arrondissement',
      zipcode: '69003',
    });
    expect(await mailsTo('lea.dupont@exemple.fr')).toEqual(['teacherWelcome']);
    await page.context().close();
  });

  it('leads an inactive department to its screen, and back to the first step', async () => {
    const page = await newPage(browser, server.baseURL, withoutJs);
    await page.goto('/signup-teacher');
    await page.getByLabel('Département de votre établissement').selectOption('01');
    await submit(page, 'Continuer');
    expect(await heading(page).textContent()).toMatch(/pas encore ouverte dans votre département/);
    await expectAccessible(page);
    await submit(page, 'Choisir un autre département');
    await expectStep(page, 'Votre département');
    expect(await page.getByLabel('Département de votre établissement').inputValue()).toBe('01');
    await page.context().close();
  });
});

/** A head office the local register knows: FORGES DE VENISSIEUX, 25.62B, in the Rhône. */
const SIRET = '51234567900017';
const EMAIL = 'ines.moreau@forges-venissieux.fr';
/** Another establishment the register knows, never signed up. */
const OTHER_SIRET = '51234567900025';

describe('the company sign-up without JavaScript', () => {
  it('goes step by step to its result page, prefilled from the SIRET, every message of a step at once', async () => {
    const page = await newPage(browser, server.baseURL, withoutJs);
    await page.goto('/signup-company');
    await page.getByLabel('Département de votre entreprise').selectOption('69');
    await submit(page, 'Continuer');

    // Step 2: the SIRET alone; the register fills the rest, shown to be checked before going on.
    await expectStep(page, 'Votre entreprise');
    await page.getByRole('textbox', { name: /SIRET/ }).fill(SIRET.slice(0, 13));
    await submit(page, 'Continuer');
    expect(await shown(page, MESSAGES.invalidSiret)).toBe(true);
    expect(await shown(page, MESSAGES.required)).toBe(true);
    expect(await shown(page, ACCOUNT_MESSAGES.addressFromSuggestions)).toBe(true);
    await page.getByRole('textbox', { name: /SIRET/ }).fill(SIRET);
    await submit(page, 'Continuer');
    await expectStep(page, 'Votre entreprise');
    expect(await shown(page, LOOKUP_STATUS.found)).toBe(true);
    await expectAccessible(page);
    expect(await page.getByLabel('Nom de l’entreprise').inputValue()).toBe('FORGES DE VENISSIEUX');
    expect(await page.getByRole('combobox', { name: /Adresse de l’entreprise/ }).inputValue()).toBe(
      '12 Rue de l’Usine 69200 Vénissieux',
    );
    await submit(page, 'Continuer');

    // Step 3: three messages at once, the values kept; the NAF code came from the register.
    await expectStep(page, 'Son activité');
    expect(await page.getByLabel('Code NAF').inputValue()).toBe('25.62B');
    await page.getByLabel('Code NAF').fill('25');
    await page.getByLabel('Téléphone de l’entreprise').fill('04 78');
    await submit(page, 'Continuer');
    await expectStep(page, 'Son activité');
    for (const message of [COMPANY_MESSAGES.invalidNafCode, MESSAGES.required, MESSAGES.invalidPhone]) {
      expect(await shown(page, message), message).toBe(true);
    }
    expect(await page.getByLabel('Code NAF').inputValue()).toBe('25');
    expect(await page.getByLabel('Téléphone de l’entreprise').inputValue()).toBe('04 78');
    await page.getByLabel('Code NAF').fill('2562b');
    await page.getByLabel('Secteur d’activité').selectOption('metallurgy');
    await page.getByLabel('Téléphone de l’entreprise').fill('04 78 00 00 00');
    await submit(page, 'Continuer');

    // Step 4, then « Retour »: both steps keep what was typed.
    await expectStep(page, 'Vos coordonnées');
    await page.getByLabel('Prénom').fill('Inès');
    await page.getByRole('textbox', { name: 'Nom (obligatoire)', exact: true }).fill('Moreau');
    await page.getByLabel('Adresse e-mail').fill(EMAIL);
    await submit(page, 'Retour');
    await expectStep(page, 'Son activité');
    expect(await page.getByLabel('Téléphone de l’entreprise').inputValue()).toBe('04 78 00 00 00');
    expect(await page.getByLabel('Secteur d’activité').inputValue()).toBe('metallurgy');
    await submit(page, 'Continuer');
    await expectStep(page, 'Vos coordonnées');
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe(EMAIL);
    await submit(page, 'Continuer');

    // Step 5: a password and another confirmation, then the same twice; never given back.
    await expectStep(page, 'Votre mot de passe');
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill('Motdepasse-2');
    await submit(page, 'Continuer');
    expect(await shown(page, COMPANY_MESSAGES.passwordMismatch)).toBe(true);
    expect(await page.getByLabel(/^Mot de passe/).inputValue()).toBe('');
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
    await submit(page, 'Continuer');

    // Step 6: the terms, then the result page, as with JavaScript.
    await expectStep(page, 'Conditions d’utilisation');
    expect(await page.content()).not.toContain(PASSWORD);
    await page.getByLabel(/J’ai lu et j’accepte/).check();
    await submit(page, 'Inscrire mon entreprise');
    await expectStep(page, 'Inscription enregistrée');
    await expectAccessible(page);
    expect(await page.getByText('Étape 7 sur 7').isVisible()).toBe(true);
    const confirmation = (await page.locator('section').first().textContent()) ?? '';
    expect(confirmation).toContain('FORGES DE VENISSIEUX');
    expect(confirmation).toContain(EMAIL);
    // The result's address names nobody in clear.
    expect(page.url()).not.toContain('ines');

    const [company] = await inDb((db) => db.select().from(companies).where(eq(companies.siret, SIRET)));
    expect(company).toMatchObject({
      name: 'FORGES DE VENISSIEUX',
      status: 'pending',
      nafCode: '25.62B',
      sector: 'metallurgy',
      phone: '0478000000',
      zipcode: '69200',
    });
    const [recruiter] = await inDb((db) => db.select().from(users).where(eq(users.email, EMAIL)));
    expect(recruiter).toMatchObject({ kind: 'recruiter', companyId: company?.id, teamRole: 'admin' });
    expect(await mailsTo(EMAIL)).toEqual(['companySignupReceived']);
    await page.context().close();
  });

  it('asks to join the company of a SIRET already signed up, every message at once, then says the request is sent', async () => {
    const recruiter = await inDb(async (db) => {
      const [row] = await db
        .select({ siret: companies.siret, name: companies.name, companyId: companies.id })
        .from(users)
        .innerJoin(companies, eq(users.companyId, companies.id))
        .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
      return row;
    });
    if (!recruiter) throw new Error('no demo company');
    const page = await newPage(browser, server.baseURL, withoutJs);
    await page.goto('/signup-company');
    await page.getByLabel('Département de votre entreprise').selectOption('69');
    await submit(page, 'Continuer');
    await page.getByRole('textbox', { name: /SIRET/ }).fill(recruiter.siret);
    await page.getByLabel('Nom de l’entreprise').fill(recruiter.name);
    await submit(page, 'Continuer');
    await expectStep(page, 'Votre entreprise');
    expect(await shown(page, ERROR_MESSAGES.company_already_exists)).toBe(true);

    // The request is for a SIRET signed up: another one typed since goes on as « Continuer ».
    const siret = page.getByRole('textbox', { name: /SIRET/ });
    await siret.fill(OTHER_SIRET);
    await submit(page, 'Demander à rejoindre cette entreprise');
    await expectStep(page, 'Votre entreprise');
    expect(await shown(page, LOOKUP_STATUS.found)).toBe(true);
    await siret.fill(recruiter.siret);
    await submit(page, 'Continuer');
    expect(await shown(page, ERROR_MESSAGES.company_already_exists)).toBe(true);

    await submit(page, 'Demander à rejoindre cette entreprise');
    expect(await heading(page).textContent()).toBe(`Demander à rejoindre ${recruiter.name}`);
    await expectAccessible(page);
    await page.getByLabel('Prénom').fill('Noé');
    await page.getByRole('textbox', { name: 'Nom (obligatoire)', exact: true }).fill('Petit');
    await page.getByLabel('Adresse e-mail professionnelle').fill('noe.petit@');
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill('Motdepasse-2');
    await submit(page, 'Envoyer ma demande');
    for (const message of [MESSAGES.invalidEmail, COMPANY_MESSAGES.passwordMismatch, MESSAGES.acceptTerms]) {
      expect(await shown(page, message), message).toBe(true);
    }
    expect(await page.getByLabel('Prénom').inputValue()).toBe('Noé');
    expect(await page.getByLabel('Adresse e-mail professionnelle').inputValue()).toBe('noe.petit@');
    expect(await page.getByLabel(/^Mot de passe/).inputValue()).toBe('');

    // « Revenir à l’inscription » keeps the sign-up, and the way back to the request.
    await submit(page, 'Revenir à l’inscription');
    await expectStep(page, 'Votre entreprise');
    expect(await page.getByRole('textbox', { name: /SIRET/ }).inputValue()).toBe(recruiter.siret);
    await submit(page, 'Demander à rejoindre cette entreprise');
    expect(await page.getByLabel('Prénom').inputValue()).toBe('Noé');

    await page.getByLabel('Adresse e-mail professionnelle').fill('noe.petit@exemple.fr');
    await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
    await page.getByLabel('Confirmation du mot de passe').fill(PASSWORD);
    await page.getByLabel(/J’ai lu et j’accepte/).check();
    await submit(page, 'Envoyer ma demande');
    expect(await page.getByRole('heading', { name: 'Demande envoyée' }).isVisible()).toBe(true);
    expect(await page.getByText(/Confirmez d’abord votre adresse/).isVisible()).toBe(true);
    expect(await page.getByText('noe.petit@exemple.fr').isVisible()).toBe(true);
    await expectAccessible(page);

    const requests = await inDb((db) =>
      db
        .select()
        .from(companyJoinRequests)
        .where(
          and(
            eq(companyJoinRequests.companyId, recruiter.companyId),
            eq(companyJoinRequests.email, 'noe.petit@exemple.fr'),
          ),
        ),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ firstName: 'Noé', lastName: 'Petit' });
    // The admins hear of it once its requester confirmed the e-mailed link (issue 37, docs/decisions/0099).
    expect(await mailsTo('noe.petit@exemple.fr')).toEqual(['joinRequestConfirm']);
    expect(await mailsTo(DEMO_ACCOUNTS.recruiter)).not.toContain('joinRequestReceived');
    await page.context().close();
  });
});

describe('a typed address without JavaScript', () => {
  it('is settled in « Mon profil »: places to tick, the one ticked saved', async () => {
    const page = await newPage(browser, server.baseURL, withoutJs);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto('/my-profile');
    const block = page.getByRole('region', { name: 'Établissement', exact: true });
    const address = block.getByRole('combobox', { name: /Adresse de l’établissement/ });
    await address.fill('Rhône');
    await block.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForLoadState('load');
    expect(await shown(page, ACCOUNT_MESSAGES.addressChoices('Rhône'))).toBe(true);
    expect(await address.inputValue()).toBe('Rhône');
    await expectAccessible(page);
    await block.getByRole('radio', { name: /Lyon 3e Arrondissement/ }).check();
    await block.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).searchParams.get('enregistre')).toBe('etablissement');
    expect(await address.inputValue()).toBe('Lyon 3e Arrondissement');
    const [saved] = await inDb((db) =>
      db
        .select({ label: establishments.label, zipcode: establishments.zipcode })
        .from(users)
        .innerJoin(establishments, eq(users.establishmentId, establishments.id))
        .where(eq(users.email, DEMO_ACCOUNTS.teacher)),
    );
    expect(saved).toEqual({ label: 'Lyon 3e Arrondissement', zipcode: '69003' });
    await page.context().close();
  });
});
