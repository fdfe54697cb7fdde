import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '../../common/contact.ts';
import { FEEDBACK_MESSAGES } from '../../common/feedback.ts';
import { MESSAGES } from '../../common/messages.ts';
import { TRANSPORT_MESSAGES } from '../../common/transport.ts';
import { openDb } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { CONTACT_SENT } from '../../islands/discovery/ContactCompany.tsx';
import { DEMO_PASSWORD } from '../../scripts/prepare-db.ts';
import { testNow } from '../fixtures/clock.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp-server.ts';
import {
  accessibilityViolations,
  islandsReady,
  launchChromium,
  newPage,
  scriptsHeld,
} from './support/browser.ts';
import { insertDemoMeeting } from './support/demo-meeting.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs, RECRUITER_SESSION_STORED, storedRecruiterSession } from './support/session.ts';

/*
 * Issue 22, forms before JavaScript: the company login, the new password, contact, the questionnaire and
 * transport help work as plain HTML forms — with JavaScript off, the French message on a refusal and the
 * values kept (never a password), the change made and the next page on success — and once with the page's
 * script held back, submitted before the island hydrates. axe-core runs as a script: the pages are checked
 * once hydrated, in the runs with the script held back.
 */

let server: RunningServer;
let browser: Browser;
let smtp: TestSmtpServer;
const HOUR = 3_600_000;

beforeAll(async () => {
  smtp = await startSmtpServer();
  [server, browser] = await Promise.all([startServer({ SMTP_URL: smtp.url }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const withoutJs = { viewport: { width: 390, height: 844 }, javaScriptEnabled: false };

/** Opens `path` with the page's scripts held back, as on a slow network: what lets them come. */
async function openWithScriptsHeld(page: Page, path: string): Promise<() => void> {
  const release = await scriptsHeld(page);
  await page.goto(path, { waitUntil: 'commit' });
  return release;
}

async function teacherPage(options = withoutJs): Promise<Page> {
  const page = await newPage(browser, server.baseURL, options);
  await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
  return page;
}

describe('the company login without JavaScript', () => {
  it('refuses a wrong password with its message and the e-mail kept, then shows the success screen', async () => {
    const page = await newPage(browser, server.baseURL, withoutJs);
    await page.goto('/login-company');
    await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.recruiter);
    await page.getByLabel('Mot de passe').fill('Mauvais-mot-1');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe('/login-company');
    expect(await page.getByRole('alert').textContent()).toBe('Identifiants incorrects');
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe(DEMO_ACCOUNTS.recruiter);
    expect(await page.getByLabel('Mot de passe').inputValue()).toBe('');

    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/login-company-success');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Connexion réussie');
    await page.getByRole('link', { name: 'Accéder à mon espace' }).click();
    await page.waitForURL('**/home-company');
    await page.context().close();
  });

  it('sends a company awaiting validation to the screen the island shows', async () => {
    const page = await newPage(browser, server.baseURL, withoutJs);
    await page.goto('/login-company');
    await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.pendingRecruiter);
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(/\/login-company-success\?error=company_not_found/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Votre entreprise est en attente de validation',
    );
    await page.context().close();
  });

  it('submitted before its script ran, leaves the browser as the island does: the tokens and the company kept', async () => {
    const page = await newPage(browser, server.baseURL);
    const release = await openWithScriptsHeld(page, '/login-company');
    await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.recruiter);
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    const before = testNow().getTime();
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/login-company-success', { waitUntil: 'commit' });
    release();
    await islandsReady(page);
    await expect.poll(() => storedRecruiterSession(page)).toEqual(RECRUITER_SESSION_STORED);
    const tokens = await storedRecruiterSession(page);
    expect(Number(tokens.expiresAt) - Number(tokens.createdAt)).toBeGreaterThan(3590_000);
    expect(Number(tokens.createdAt)).toBeGreaterThanOrEqual(before);
    // The hand-over is read once, and never by a script.
    expect(await page.evaluate(() => document.cookie)).not.toContain('recruitment_handoff');
    const cookies = await page.context().cookies(`${server.baseURL}/login-company-success`);
    expect(cookies.map((cookie) => cookie.name)).not.toContain('recruitment_handoff');
    await page.waitForURL('**/home-company', { timeout: 10_000 });
    await page.context().close();
  });

  it('keeps what was typed before the script came, and sends it once the form is enhanced', async () => {
    // The teacher's login this time: the same form, typed into on a slow network, sent once its script ran.
    const page = await newPage(browser, server.baseURL);
    const release = await openWithScriptsHeld(page, '/login-teacher');
    await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.teacher);
    await page.getByLabel('Mot de passe').fill(DEMO_PASSWORD);
    release();
    await islandsReady(page);
    await expect.poll(() => page.getByLabel('Adresse e-mail').inputValue()).toBe(DEMO_ACCOUNTS.teacher);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/home-teacher');
    await page.context().close();
  });

  it('answers the plain post 303 See Other with the session and the hand-over (API.md « Fresh-style »)', async () => {
    const answer = await fetch(`${server.baseURL}/login-company?next=/my-slots`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.baseURL, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: DEMO_ACCOUNTS.recruiter, password: DEMO_PASSWORD }),
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/login-company-success?next=%2Fmy-slots');
    const cookies = answer.headers.getSetCookie();
    expect(cookies.some((cookie) => /^session=.*HttpOnly/i.test(cookie))).toBe(true);
    expect(
      cookies.some((cookie) => /^recruitment_handoff=.*Path=\/login-company-success.*HttpOnly/i.test(cookie)),
    ).toBe(true);
  });

  it('after ten wrong passwords, says when to try again as the island does, the e-mail kept', async () => {
    const page = await newPage(browser, server.baseURL, withoutJs);
    await page.goto('/login-company');
    for (let i = 0; i <= 10; i++) {
      await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.pendingRecruiter);
      await page.getByLabel('Mot de passe').fill(i < 10 ? `Mauvais-${i}!` : DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForLoadState('load');
    }
    expect(new URL(page.url()).pathname).toBe('/login-company');
    expect(await page.getByRole('alert').textContent()).toMatch(
      /^Trop de tentatives de connexion\. Réessayez dans 1[45] minutes, ou choisissez «\sMot de passe oublié\s\?\s» pour en définir un nouveau\.$/,
    );
    expect(await page.getByLabel('Adresse e-mail').inputValue()).toBe(DEMO_ACCOUNTS.pendingRecruiter);
    await page.context().close();
  });

  it('refuses a post from another site', async () => {
    const answer = await fetch(`${server.baseURL}/login-company`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: 'https://ailleurs.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: DEMO_ACCOUNTS.recruiter, password: DEMO_PASSWORD }),
    });
    expect(answer.status).toBe(403);
  });
});

describe('contact without JavaScript', () => {
  it('says what is missing under the fields with the message kept, then sends it', async () => {
    const page = await teacherPage();
    await page.goto('/contact-us');
    await page.getByLabel(/^Message/).fill('Court');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.waitForLoadState('load');
    expect(await page.getByText(CONTACT_MESSAGES.chooseSubject).isVisible()).toBe(true);
    expect(await page.getByText(CONTACT_MESSAGES.tooShort).isVisible()).toBe(true);
    expect(await page.getByLabel(/^Message/).inputValue()).toBe('Court');

    await page.getByLabel(/^Sujet/).selectOption({ index: 1 });
    const message = 'Bonjour, je ne retrouve pas la réservation de ma classe de seconde.';
    await page.getByLabel(/^Message/).fill(message);
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.waitForURL('**/contact-us?envoye=1');
    expect(await page.getByRole('status').getByText(CONTACT_MESSAGES.sent).isVisible()).toBe(true);
    await smtp.waitForMessage((m) => m.text?.includes(message) === true, 10_000);
    await page.getByRole('link', { name: 'Écrire un autre message' }).click();
    await page.waitForURL((url) => url.pathname === '/contact-us' && url.search === '');
    expect(await page.getByLabel(/^Message/).inputValue()).toBe('');
    await page.context().close();
  });

  it('submitted before its script ran, is refused by the page, then sent by the island', async () => {
    const page = await teacherPage({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: true });
    const release = await openWithScriptsHeld(page, '/contact-us');
    await page.getByLabel(/^Message/).fill('Une question posée avant que la page ne soit prête.');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText(CONTACT_MESSAGES.chooseSubject).waitFor();
    release();
    await islandsReady(page);
    // The page's refusal, hydrated: the island took the values and the messages over.
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(await page.getByLabel(/^Message/).inputValue()).toBe(
      'Une question posée avant que la page ne soit prête.',
    );
    await page.getByLabel(/^Sujet/).selectOption({ index: 2 });
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByRole('status').getByText(CONTACT_MESSAGES.sent).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await page.context().close();
  });
});

describe('contacting a company without JavaScript', () => {
  it('opens the form in the card, refuses a short message with it kept, then sends it', async () => {
    const db = openDb(server.databaseUrl);
    const [company] = await db
      .select({ id: companies.id, email: companies.contactEmail })
      .from(companies)
      .where(and(eq(companies.name, 'Chaudronnerie de Trignac'), eq(companies.contactOptIn, true)));
    db.client.close();
    if (!company?.email) throw new Error('no demo company is contactable');
    const page = await teacherPage();
    await page.goto(`/company-details?id=${company.id}`);
    const contact = page.getByRole('region', { name: 'Contacter l’entreprise' });
    await contact.getByRole('button', { name: 'Contacter l’entreprise' }).click();
    await page.waitForURL(/ecrire=1/);
    await contact.getByRole('textbox', { name: /Votre message/ }).fill('Bonjour');
    await contact.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.waitForLoadState('load');
    expect(await contact.getByText('20 caractères au moins', { exact: false }).count()).toBeGreaterThan(0);
    expect(await contact.getByRole('textbox', { name: /Votre message/ }).inputValue()).toBe('Bonjour');

    const message = 'Bonjour, ma classe de seconde aimerait visiter votre atelier au printemps prochain.';
    await contact.getByRole('textbox', { name: /Votre message/ }).fill(message);
    await contact.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.waitForURL(/message=envoye/);
    expect(await contact.getByRole('status').textContent()).toBe(CONTACT_SENT);
    await smtp.waitForMessage(
      (m) => m.envelope.to.includes(company.email ?? '') && m.text?.includes(message) === true,
      10_000,
    );
    await page.context().close();
  });
});

describe('after a meeting, without JavaScript', () => {
  it('the questionnaire says which answer is missing with the others kept, then records them', async () => {
    const done = await insertDemoMeeting(server, new Date(testNow().getTime() - 3 * HOUR), 12);
    const page = await teacherPage();
    await page.goto(`/feedback/${done.id}`);
    await page.getByRole('radio', { name: 'Très satisfait' }).first().check();
    const liked = 'La visite de l’atelier de soudure.';
    await page.getByLabel(/Qu’est-ce qui vous a plu/).fill(liked);
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await page.waitForLoadState('load');
    expect(await page.getByText(FEEDBACK_MESSAGES.chooseRating).count()).toBe(2);
    expect(await page.getByLabel(/Qu’est-ce qui vous a plu/).inputValue()).toBe(liked);
    expect(await page.getByRole('radio', { name: 'Très satisfait' }).first().isChecked()).toBe(true);

    for (const group of await page.locator('form fieldset').all()) {
      await group.getByRole('radio', { name: 'Satisfait', exact: true }).check();
    }
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await page.waitForURL(`**/feedback/${done.id}?envoye=1`);
    expect(await page.getByRole('status').textContent()).toMatch(/Votre avis a été transmis/);
    expect(await page.getByText(liked).isVisible()).toBe(true);
    await page.context().close();
  });

  it('the questionnaire submitted before its script ran is recorded by the page', async () => {
    const done = await insertDemoMeeting(server, new Date(testNow().getTime() - 5 * HOUR), 9);
    const page = await teacherPage({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: true });
    const release = await openWithScriptsHeld(page, `/feedback/${done.id}`);
    for (const group of await page.locator('form fieldset').all()) {
      await group.getByRole('radio', { name: 'Peu satisfait', exact: true }).check();
    }
    await page.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await page.waitForURL(`**/feedback/${done.id}?envoye=1`, { waitUntil: 'commit' });
    release();
    await islandsReady(page);
    expect(await page.getByRole('status').textContent()).toMatch(/Votre avis a été transmis/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('transport help opens by a link, refuses a group larger than the booking with the comment kept, then sends', async () => {
    const visit = await insertDemoMeeting(server, new Date(testNow().getTime() + 10 * 24 * HOUR), 18);
    const page = await teacherPage();
    await page.goto(`/meetings-teacher/meeting-details?id=${visit.id}`);
    const help = page.getByRole('region', { name: 'Aide au transport' });
    await help.getByRole('button', { name: 'Demander une aide au transport' }).click();
    await page.waitForURL(/transport=demande/);
    await help.getByRole('link', { name: 'Annuler' }).click();
    await page.waitForURL((url) => !url.search.includes('transport'));
    expect(await help.getByLabel('Commentaire (facultatif)').count()).toBe(0);
    await help.getByRole('button', { name: 'Demander une aide au transport' }).click();
    await page.waitForURL(/transport=demande/);
    await help.getByLabel(/Nombre de personnes à transporter/).fill('25');
    const comment = 'Départ souhaité vers 8 h.';
    await help.getByLabel('Commentaire (facultatif)').fill(comment);
    await help.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.waitForLoadState('load');
    expect(await help.getByText(TRANSPORT_MESSAGES.groupSizeAboveBooking(18)).isVisible()).toBe(true);
    expect(await help.getByLabel('Commentaire (facultatif)').inputValue()).toBe(comment);
    expect(await help.getByLabel(/Nombre de personnes à transporter/).inputValue()).toBe('25');

    await help.getByLabel(/Nombre de personnes à transporter/).fill('18');
    await help.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.waitForURL(/transport=envoyee/);
    expect(await help.getByText(/Votre demande est envoyée/).isVisible()).toBe(true);
    expect(await help.getByText('En attente de réponse').isVisible()).toBe(true);
    expect(await help.getByText(comment).isVisible()).toBe(true);
    await page.context().close();
  });

  it('transport help submitted before the script ran is refused by the page, then sent by the island', async () => {
    const visit = await insertDemoMeeting(server, new Date(testNow().getTime() + 12 * 24 * HOUR), 10);
    const page = await teacherPage({ viewport: { width: 1280, height: 900 }, javaScriptEnabled: true });
    const release = await openWithScriptsHeld(
      page,
      `/meetings-teacher/meeting-details?id=${visit.id}&transport=demande`,
    );
    const help = page.getByRole('region', { name: 'Aide au transport' });
    await help.getByLabel(/Nombre de personnes à transporter/).fill('11');
    await help.getByLabel('Commentaire (facultatif)').fill('Posée avant le script.');
    await help.getByRole('button', { name: 'Envoyer la demande' }).click();
    await help.getByText(TRANSPORT_MESSAGES.groupSizeAboveBooking(10)).waitFor();
    release();
    await islandsReady(page);
    expect(await accessibilityViolations(page)).toEqual([]);
    await help.getByLabel(/Nombre de personnes à transporter/).fill('10');
    await help.getByRole('button', { name: 'Envoyer la demande' }).click();
    await help.getByText(/Votre demande est envoyée/).waitFor();
    expect(await help.getByText('Posée avant le script.').isVisible()).toBe(true);
    await page.context().close();
  });
});

describe('a new password without JavaScript', () => {
  // Last: the new password closes the teacher's other sessions.
  it('refuses a weak password under its field, never sent back, then changes it', async () => {
    await fetch(`${server.baseURL}/forgot-password`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.baseURL, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: DEMO_ACCOUNTS.teacher }),
    });
    const mail = await smtp.waitForMessage(
      (m) => m.envelope.to.includes(DEMO_ACCOUNTS.teacher) && /reset-password/.test(m.text ?? ''),
      10_000,
    );
    const link = mail.text?.match(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/)?.[0] ?? '';
    const page = await newPage(browser, server.baseURL, withoutJs);
    await page.goto(link);
    await page.getByLabel('Nouveau mot de passe').fill('faible');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.waitForLoadState('load');
    expect(await page.getByText(/Le mot de passe doit contenir au moins 8 caractères/).isVisible()).toBe(
      true,
    );
    expect(await page.getByLabel('Nouveau mot de passe').inputValue()).toBe('');

    await page.getByLabel('Nouveau mot de passe').fill('Nouveau-mot-2026!');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.waitForURL(/\/reset-password\?fait=1/);
    expect(await page.getByRole('status').textContent()).toMatch(/Votre mot de passe a été changé/);

    // The link is spent: its token is refused above the form.
    await page.goto(link);
    await page.getByLabel('Nouveau mot de passe').fill('Encore-autre-2026!');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.waitForLoadState('load');
    expect(await page.getByRole('alert').textContent()).toBe(MESSAGES.invalidResetLink);

    await page.goto('/login-teacher');
    await page.getByLabel('Adresse e-mail').fill(DEMO_ACCOUNTS.teacher);
    await page.getByLabel('Mot de passe').fill('Nouveau-mot-2026!');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL('**/home-teacher');
    await page.context().close();
  });

  it('submitted before its script ran, is changed by the page', async () => {
    await fetch(`${server.baseURL}/forgot-password`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.baseURL, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: DEMO_ACCOUNTS.regionalOperator }),
    });
    const mail = await smtp.waitForMessage(
      (m) => m.envelope.to.includes(DEMO_ACCOUNTS.regionalOperator) && /reset-password/.test(m.text ?? ''),
      10_000,
    );
    const link = mail.text?.match(/https?:\/\/\S+\/reset-password\?token=[\w%=&-]+/)?.[0] ?? '';
    const page = await newPage(browser, server.baseURL, { viewport: { width: 1280, height: 900 } });
    const release = await openWithScriptsHeld(page, link);
    await page.getByLabel('Nouveau mot de passe').fill('Autre-mot-2026!');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await page.waitForURL(/\/reset-password\?fait=1/, { waitUntil: 'commit' });
    release();
    await islandsReady(page);
    expect(await page.getByRole('status').textContent()).toMatch(/Votre mot de passe a été changé/);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.context().close();
  });
});
