import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_MESSAGES } from '../../common/slots.ts';
import { openDb } from '../../db/client.ts';
import { companies, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

let server: RunningServer;
let browser: Browser;
/** The demo recruiter's company, where the demo teacher books. */
const company = { id: 0, name: '', phone: '' };
const teacher = { firstName: '', lastName: '', email: DEMO_ACCOUNTS.teacher };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  const db = openDb(server.databaseUrl);
  const [row] = await db
    .select({ id: companies.id, name: companies.name, phone: companies.phone })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
  const [person] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.teacher));
  db.client.close();
  if (!row?.phone || !person) throw new Error('the demo data has no recruiter company or teacher');
  Object.assign(company, row);
  Object.assign(teacher, person);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const companyPage = () => `/company-details?id=${company.id}`;

async function expectAccessible(page: Page, where: string) {
  expect(await accessibilityViolations(page), where).toEqual([]);
}

describe('a company page', () => {
  it('shows a visitor how many slots are open in the next 15 days, never their dates', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto(companyPage());
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(company.name);
    expect(await page.title()).toBe(`${company.name} — Passerelle Industrie`);
    const count = page.getByTestId('company-available-slots');
    expect(await count.textContent()).toMatch(/^\d+ créneaux? disponibles? dans les 15 prochains jours$/);
    expect(await page.getByRole('article').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Réserver ce créneau' }).count()).toBe(0);
    expect(await page.locator('main').textContent()).not.toMatch(/\d{2}:\d{2}/);
    const login = page.getByRole('link', { name: 'Se connecter pour réserver' });
    expect(await login.getAttribute('href')).toBe(`/login-teacher?next=${encodeURIComponent(companyPage())}`);
    await expectAccessible(page, 'company page, visitor');
  });
});

describe('a teacher books a slot, finds it in their meetings and cancels it; the company sees it', () => {
  const message = 'Deux classes de seconde, filière industrielle.';
  const reason = 'Sortie annulée par le lycée.';
  let meetingId = 0;

  it('books a slot from the company page (the charter forgotten first) and gets the confirmation', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto(companyPage());
    await islandsReady(page);
    await expectAccessible(page, 'company page, teacher');

    const headingId = await page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Réserver ce créneau' }) })
      .first()
      .getAttribute('aria-labelledby');
    const card = page.locator(`article[aria-labelledby="${headingId}"]`);
    expect(await card.getByRole('heading', { level: 3 }).textContent()).toMatch(/\d{2}:\d{2} – \d{2}:\d{2}/);
    const seatsLeft = card.getByText('Places restantes').locator('xpath=following-sibling::dd');
    const [before, capacity] = ((await seatsLeft.textContent()) ?? '').split(' sur ').map(Number);
    await card.getByRole('button', { name: 'Réserver ce créneau' }).click();
    await card.getByLabel('Nombre de participants').fill('2.5');
    await card.getByRole('button', { name: 'Confirmer la réservation' }).click();
    expect(await card.getByText('Saisissez un nombre entier').isVisible()).toBe(true);
    await card.getByLabel('Nombre de participants').fill('1');
    await card
      .getByRole('group', { name: /Public du groupe/ })
      .getByRole('radio')
      .first()
      .check();
    await card.getByLabel('Message pour l’entreprise').fill(message);
    await card.getByLabel('Nom de l’adulte accompagnateur').fill('Paul Girard');
    await card.getByLabel('Téléphone de l’adulte accompagnateur').fill('0612345678');
    await card.getByRole('button', { name: 'Confirmer la réservation' }).click();

    const charter = card.getByRole('checkbox', { name: /charte de bonne conduite/ });
    expect(await card.getByText(SLOT_MESSAGES.acceptCharter).isVisible()).toBe(true);
    expect(await charter.getAttribute('aria-invalid')).toBe('true');
    expect(await card.getByLabel('Message pour l’entreprise').inputValue()).toBe(message);
    await expectAccessible(page, 'booking form with an error');

    await charter.check();
    await card.getByRole('button', { name: 'Confirmer la réservation' }).click();
    const confirmation = card.getByRole('region', { name: 'Votre réservation est confirmée' });
    await confirmation.waitFor();
    expect(await confirmation.getByText(company.name).isVisible()).toBe(true);
    const ics = confirmation.getByRole('link', { name: 'Ajouter à mon agenda' });
    const icsUrl = (await ics.getAttribute('href')) ?? '';
    expect(icsUrl).toMatch(/\/calendar\/meetings\/\d+\.ics$/);
    meetingId = Number(/(\d+)\.ics$/.exec(icsUrl)?.[1]);
    const calendar = await page.request.get(icsUrl);
    expect(calendar.status()).toBe(200);
    expect(calendar.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await calendar.text()).toContain('BEGIN:VEVENT');
    const details = confirmation.getByRole('link', { name: 'Voir le détail du rendez-vous' });
    expect(await details.getAttribute('href')).toBe(`/meetings-teacher/meeting-details?id=${meetingId}`);
    // The card counts the seat just taken, without a reload.
    expect(await seatsLeft.textContent()).toBe(`${(before ?? 0) - 1} sur ${capacity}`);
    await expectAccessible(page, 'booking confirmation');

    await page.reload();
    await islandsReady(page);
    const booked = page.locator(`article[aria-labelledby="${headingId}"]`);
    expect(await booked.getByText('Déjà réservé').isVisible()).toBe(true);
    expect(await booked.getByRole('link', { name: 'Voir mon rendez-vous' }).getAttribute('href')).toBe(
      `/meetings-teacher/meeting-details?id=${meetingId}`,
    );
  });

  it('finds the meeting in /meetings-teacher, opens it and cancels it after confirming', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto('/meetings-teacher');
    await islandsReady(page);
    await expectAccessible(page, '/meetings-teacher');
    const link = page.locator(`a[href="/meetings-teacher/meeting-details?id=${meetingId}"]`);
    expect(await link.textContent()).toContain(company.name);
    const card = page.getByRole('article').filter({ has: link });
    expect(await card.getByText('Confirmé').isVisible()).toBe(true);

    await link.click();
    await islandsReady(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain(company.name);
    const status = page.getByRole('region', { name: /Statut/ });
    expect(await status.getByText('Confirmé').isVisible()).toBe(true);
    expect(
      await page.getByRole('region', { name: 'Vos informations pour l’entreprise' }).textContent(),
    ).toContain(message);
    expect(
      await page.getByRole('region', { name: 'Préparer la rencontre' }).getByRole('listitem').count(),
    ).toBeGreaterThan(2);
    expect(await page.getByRole('link', { name: 'Ajouter à mon agenda' }).getAttribute('href')).toBe(
      `/calendar/meetings/${meetingId}.ics`,
    );
    await expectAccessible(page, 'teacher meeting details');

    await status.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler ce rendez-vous ?' });
    expect(await dialog.getByText(`Prévenez aussi ${company.name} par téléphone`).isVisible()).toBe(true);
    expect(await dialog.locator(`a[href="tel:${company.phone}"]`).isVisible()).toBe(true);
    await expectAccessible(page, 'cancel dialog');
    await dialog.getByLabel('Motif de l’annulation (facultatif)').fill(reason);
    await dialog.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    await status.getByText(/Le rendez-vous est annulé/).waitFor();
    expect(await status.getByText('Statut : Annulé', { exact: true }).isVisible()).toBe(true);
    expect(await dialog.isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Ajouter à mon agenda' }).count()).toBe(0);

    await page.reload();
    expect(
      await page
        .getByRole('region', { name: /Statut/ })
        .getByText(`Motif : ${reason}`)
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('button', { name: 'Annuler le rendez-vous' }).count()).toBe(0);
    // Nothing to prepare for a meeting that will not take place.
    expect(await page.getByRole('region', { name: 'Préparer la rencontre' }).count()).toBe(0);
    await expectAccessible(page, 'cancelled meeting');
  });

  it('shows the recruiter its meetings and the details of this one, with the teacher to reach', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await page.goto('/meetings-company');
    await islandsReady(page);
    await expectAccessible(page, '/meetings-company');
    expect(await page.getByRole('article').count()).toBeGreaterThan(1);
    const link = page.locator(`a[href="/meetings-company/meeting-details?id=${meetingId}"]`);
    expect(await link.textContent()).toContain(`${teacher.firstName} ${teacher.lastName}`);
    expect(await page.getByRole('article').filter({ has: link }).getByText('Annulé').isVisible()).toBe(true);

    await page.goto('/meetings-company?periode=termines');
    expect(await page.getByRole('link', { name: 'Terminés' }).getAttribute('aria-current')).toBe('page');
    await expectAccessible(page, '/meetings-company, done');

    await page.goto(`/meetings-company/meeting-details?id=${meetingId}`);
    await islandsReady(page);
    const teacherBlock = page.getByRole('region', { name: 'L’enseignant' });
    expect(await teacherBlock.getByRole('link', { name: teacher.email }).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Informations de l’enseignant' }).textContent()).toContain(
      message,
    );
    const status = page.getByRole('region', { name: /Statut/ });
    expect(await status.getByText('L’enseignant a annulé ce rendez-vous.').isVisible()).toBe(true);
    expect(await status.getByText(`Motif : ${reason}`).isVisible()).toBe(true);
    await expectAccessible(page, 'company meeting details');

    await page.goto(companyPage());
    await islandsReady(page);
    expect(await page.getByRole('article').count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Réserver ce créneau' }).count()).toBe(0);
    const slots = page.getByRole('region', { name: 'Créneaux', exact: true });
    expect(await slots.getByRole('link', { name: 'Gérer mes créneaux' }).getAttribute('href')).toBe(
      '/my-slots',
    );
    await expectAccessible(page, 'own company page, recruiter');
  });

  it('gives the teacher a private calendar feed that calendar apps can read without a session', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    await page.goto('/meetings-teacher');
    await islandsReady(page);
    await page.getByRole('button', { name: 'Créer mon lien d’abonnement' }).click();
    const url = await page.getByLabel('Votre lien privé d’abonnement').inputValue();
    expect(url).toMatch(/\/calendar\/feed\/[\w-]+\.ics$/);
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('BEGIN:VCALENDAR');
    await expectAccessible(page, 'calendar feed made');

    await page.getByRole('button', { name: 'Révoquer le lien' }).click();
    await page.getByText(/Le lien est révoqué/).waitFor();
    expect((await fetch(url)).status).toBe(404);
  });
});
