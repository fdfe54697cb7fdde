import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/messages.ts';
import { openDb } from '../../db/client.ts';
import { companies, favorites, meetings, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { BLOCK_SAVED } from '../../islands/accounts/profile/useBlockForm.ts';
import { testNow } from '../fixtures/clock.ts';
import { launchChromium, newPage } from './support/browser.ts';
import { insertDemoMeeting } from './support/demo-meeting.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/*
 * Issue 36, forms that did nothing without JavaScript: « Mon profil » (teacher and recruiter), « Mon
 * entreprise », « Se déconnecter », the favourite star, « Je garde ma place » and the calendar feed work as plain HTML forms — every message at once
 * under its field with the values kept (never a password), the change in the database and the saved state
 * on success.
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

const withoutJs = { viewport: { width: 390, height: 844 }, javaScriptEnabled: false };

async function pageAs(email: string): Promise<Page> {
  const page = await newPage(browser, server.baseURL, withoutJs);
  await logInAs(page.context(), server.databaseUrl, server.baseURL, email);
  return page;
}

const block = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function submit(page: Page, region: string) {
  await block(page, region).getByRole('button', { name: 'Enregistrer' }).click();
  await page.waitForLoadState('load');
}

async function userRow(email: string) {
  const [row] = await openDb(server.databaseUrl).select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

describe('« Mon profil » without JavaScript', () => {
  it('refuses the public part with both messages at once and what was typed kept, then saves it', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    await page.goto('/my-profile');
    const publicPart = block(page, 'Profil public');
    await publicPart.getByLabel('Prénom').fill('');
    await publicPart.getByLabel(/^Nom/).fill(' ');
    await publicPart.getByLabel('Présentation').fill('Professeure de technologie, classes de 4e.');
    await submit(page, 'Profil public');
    expect(new URL(page.url()).pathname).toBe('/my-profile');
    expect(await publicPart.getByText(MESSAGES.required).count()).toBe(2);
    expect(await publicPart.getByLabel('Présentation').inputValue()).toBe(
      'Professeure de technologie, classes de 4e.',
    );
    expect((await userRow(DEMO_ACCOUNTS.teacher)).description).not.toBe(
      'Professeure de technologie, classes de 4e.',
    );

    await publicPart.getByLabel('Prénom').fill('Camille');
    await publicPart.getByLabel(/^Nom/).fill('Lefèvre');
    await submit(page, 'Profil public');
    expect(new URL(page.url()).searchParams.get('enregistre')).toBe('profil-public');
    expect(await publicPart.getByRole('status').textContent()).toBe(BLOCK_SAVED);
    expect(await publicPart.getByLabel('Prénom').inputValue()).toBe('Camille');
    const saved = await userRow(DEMO_ACCOUNTS.teacher);
    expect([saved.firstName, saved.lastName, saved.description]).toEqual([
      'Camille',
      'Lefèvre',
      'Professeure de technologie, classes de 4e.',
    ]);
    await page.context().close();
  });

  it('refuses the contact and the password with every message, never giving a password back', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    await page.goto('/my-profile');
    const contact = block(page, 'Informations privées');
    await contact.getByLabel('Adresse e-mail').fill('pas-une-adresse');
    await contact.getByLabel('Téléphone').fill('12');
    await submit(page, 'Informations privées');
    expect(await contact.getByText(MESSAGES.invalidEmail).isVisible()).toBe(true);
    expect(await contact.getByText(MESSAGES.invalidPhone).isVisible()).toBe(true);
    expect(await contact.getByLabel('Adresse e-mail').inputValue()).toBe('pas-une-adresse');
    expect(await contact.getByLabel('Téléphone').inputValue()).toBe('12');

    const password = block(page, 'Mot de passe');
    await password.getByLabel('Nouveau mot de passe').fill('court');
    await submit(page, 'Mot de passe');
    expect(await password.getByText(MESSAGES.required).isVisible()).toBe(true);
    expect(await password.getByText(MESSAGES.invalidPassword).isVisible()).toBe(true);
    expect(await password.getByLabel('Nouveau mot de passe').inputValue()).toBe('');
    await page.context().close();
  });

  it('saves the preferences’ boxes as ticked', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    await page.goto('/my-profile');
    const preferences = block(page, 'Préférences');
    const weekly = preferences.getByLabel('Recevoir chaque lundi les nouveaux créneaux proches de chez moi');
    const before = (await userRow(DEMO_ACCOUNTS.teacher)).weeklyMail;
    await weekly.setChecked(!before);
    await submit(page, 'Préférences');
    expect(await preferences.getByRole('status').textContent()).toBe(BLOCK_SAVED);
    expect((await userRow(DEMO_ACCOUNTS.teacher)).weeklyMail).toBe(!before);
    expect(await weekly.isChecked()).toBe(!before);
    await page.context().close();
  });

  it('saves a recruiter’s name', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.recruiter);
    await page.goto('/my-profile');
    const identity = block(page, 'Identité');
    await identity.getByLabel('Prénom').fill('');
    await identity.getByLabel(/^Nom/).fill('Durand-Vidal');
    await submit(page, 'Identité');
    expect(await identity.getByText(MESSAGES.required).isVisible()).toBe(true);
    expect(await identity.getByLabel(/^Nom/).inputValue()).toBe('Durand-Vidal');
    await identity.getByLabel('Prénom').fill('Inès');
    await submit(page, 'Identité');
    expect(await identity.getByRole('status').textContent()).toBe(BLOCK_SAVED);
    const saved = await userRow(DEMO_ACCOUNTS.recruiter);
    expect([saved.firstName, saved.lastName]).toEqual(['Inès', 'Durand-Vidal']);
    await page.context().close();
  });

  it('refuses a post from another site, with the user’s cookies', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    const answer = await page.request.post('/my-profile', {
      headers: { origin: 'https://ailleurs.example' },
      form: { intent: 'profil-public', firstName: 'Pirate', lastName: 'Pirate' },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(403);
    expect((await userRow(DEMO_ACCOUNTS.teacher)).firstName).not.toBe('Pirate');
    await page.context().close();
  });
});

describe('« Mon entreprise » without JavaScript', () => {
  it('refuses the contact with every message and the values kept, then saves it', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.recruiter);
    await page.goto('/my-company');
    const contact = block(page, 'Contact');
    await contact.getByLabel('Nom du contact').fill('');
    await contact.getByLabel('Adresse e-mail du contact').fill('contact@');
    await contact.getByLabel('Téléphone du contact').fill('0612345678');
    await submit(page, 'Contact');
    expect(await contact.getByText(MESSAGES.required).isVisible()).toBe(true);
    expect(await contact.getByText(MESSAGES.invalidEmail).isVisible()).toBe(true);
    expect(await contact.getByLabel('Adresse e-mail du contact').inputValue()).toBe('contact@');
    expect(await contact.getByLabel('Téléphone du contact').inputValue()).toBe('0612345678');

    await contact.getByLabel('Nom du contact').fill('Léa Martin');
    await contact.getByLabel('Adresse e-mail du contact').fill('lea.martin@example.fr');
    await submit(page, 'Contact');
    expect(await contact.getByRole('status').textContent()).toBe(BLOCK_SAVED);
    const { companyId } = await userRow(DEMO_ACCOUNTS.recruiter);
    const [company] = await openDb(server.databaseUrl)
      .select()
      .from(companies)
      .where(eq(companies.id, companyId ?? 0));
    expect([company?.contactName, company?.contactEmail, company?.contactPhone]).toEqual([
      'Léa Martin',
      'lea.martin@example.fr',
      '0612345678',
    ]);
    await page.context().close();
  });
});

describe('« Se déconnecter » without JavaScript', () => {
  it('ends the session on the server and opens the home page', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    await page.goto('/my-profile');
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => cookie.name)).not.toContain('session');
    await page.goto('/my-profile');
    expect(new URL(page.url()).pathname).toBe('/login-teacher');
    await page.context().close();
  });
});

describe('the favourite star without JavaScript', () => {
  it('stars and unstars a company, back on the same page', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    const { id: teacherId } = await userRow(DEMO_ACCOUNTS.teacher);
    const db = openDb(server.databaseUrl);
    const [company] = await db
      .select({ id: companies.id, name: companies.name })
      .from(companies)
      .where(eq(companies.status, 'validated'))
      .limit(1);
    if (!company) throw new Error('no validated company');
    const starred = async () =>
      (
        await db
          .select()
          .from(favorites)
          .where(and(eq(favorites.teacherId, teacherId), eq(favorites.companyId, company.id)))
      ).length;
    const path = `/company-details?id=${company.id}`;
    await page.goto(path);
    const star = page.getByRole('button', { name: `${company.name} dans mes favoris` });
    const before = await starred();
    expect(await star.getAttribute('aria-pressed')).toBe(String(before === 1));
    await star.click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(path);
    expect(await starred()).toBe(1 - before);
    expect(await star.getAttribute('aria-pressed')).toBe(String(before === 0));
    await star.click();
    await page.waitForLoadState('load');
    expect(await starred()).toBe(before);
    await page.context().close();
  });
});

describe('« Je garde ma place » without JavaScript', () => {
  const DAY = 86_400_000;

  async function postponedMeeting(daysAhead: number): Promise<number> {
    const { id } = await insertDemoMeeting(server, new Date(testNow().getTime() + daysAhead * DAY), 2);
    const db = openDb(server.databaseUrl);
    await db.update(meetings).set({ status: 'reported' }).where(eq(meetings.id, id));
    db.client.close();
    return id;
  }

  async function statusOf(id: number) {
    const db = openDb(server.databaseUrl);
    const [meeting] = await db.select().from(meetings).where(eq(meetings.id, id));
    db.client.close();
    return meeting?.status;
  }

  it('keeps the seat from the meetings list, and the card says so', async () => {
    const id = await postponedMeeting(12);
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    await page.goto('/meetings-teacher');
    const card = page.getByRole('article').filter({ has: page.locator(`a[href$="id=${id}"]`) });
    await card.getByRole('button', { name: 'Je garde ma place' }).click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).pathname).toBe('/meetings-teacher');
    expect(await statusOf(id)).toBe('confirmed');
    expect(await card.getByRole('status').textContent()).toBe(
      'Vous gardez votre place : le rendez-vous est confirmé au nouvel horaire.',
    );
    expect(await card.getByRole('button', { name: 'Je garde ma place' }).count()).toBe(0);
    await page.context().close();
  });

  it('keeps the seat from the meeting page', async () => {
    const id = await postponedMeeting(13);
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    await page.goto(`/meetings-teacher/meeting-details?id=${id}`);
    await page.getByRole('button', { name: 'Je garde ma place' }).click();
    await page.waitForLoadState('load');
    expect(new URL(page.url()).searchParams.get('id')).toBe(String(id));
    expect(await statusOf(id)).toBe('confirmed');
    expect(
      await page
        .getByText('Vous gardez votre place : le rendez-vous est confirmé au nouvel horaire.')
        .isVisible(),
    ).toBe(true);
    await page.context().close();
  });
});

describe('the calendar feed without JavaScript', () => {
  it('creates the link and shows it once, then revokes it', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.recruiter);
    const feedKept = async () => (await userRow(DEMO_ACCOUNTS.recruiter)).calendarTokenHash !== null;
    await page.goto('/meetings-company');
    await page.getByRole('button', { name: 'Créer mon lien d’abonnement' }).click();
    await page.waitForLoadState('load');
    const url = await page.getByLabel('Votre lien privé d’abonnement').inputValue();
    const { pathname } = new URL(url);
    expect(pathname).toMatch(/^\/calendar\/feed\/[^/]+\.ics$/);
    expect(await feedKept()).toBe(true);
    const feed = await fetch(`${server.baseURL}${pathname}`);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');

    await page.getByRole('button', { name: 'Révoquer le lien' }).click();
    await page.waitForLoadState('load');
    expect(await page.getByText('Le lien est révoqué').isVisible()).toBe(true);
    expect(await feedKept()).toBe(false);
    await page.context().close();
  });
});
