import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schoolYearOf } from '../../common/classes.ts';
import { zonedWallClockToUtc } from '../../common/time.ts';
import { openDb } from '../../db/client.ts';
import { companies, meetings, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { insertSlot } from '../fixtures/app.ts';
import { schoolDayAhead } from '../fixtures/dates.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { slotCard } from './support/company-page.ts';
import { insertDemoMeeting } from './support/demo-meeting.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/**
 * Issue 20's class record, end to end (docs/decisions/0045): a teacher creates a group (a wrong school year
 * first), books a visit straight into it, attaches an older meeting from the group's page and another from
 * a meeting's page, sees the group's encounters, then deletes the group and its meetings stay. At 1280 and
 * at 390 px, axe clean on every page.
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

async function accessible(page: Page) {
  await islandsReady(page);
  await page.waitForFunction(() => document.getAnimations().length === 0);
  expect(await accessibilityViolations(page), page.url()).toEqual([]);
}

/**
 * A visit of the demo recruiter's company, on a school day `days` ahead or more, at `time` (no demo slot
 * starts at a quarter past or to): each test has its own time, since the rule may give both the same day.
 * Their hours do not overlap either: run on 2026-11-30, both tests book on 2026-12-07, and the first one's
 * booking, left without a group, is the meeting the second attaches to its group, whose booking would
 * otherwise be « déjà en rencontre à ce moment-là ».
 */
async function visitOfDemoCompany(days: number, time: string) {
  const db = openDb(server.databaseUrl);
  try {
    const [company] = await db
      .select({ id: companies.id })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
    if (!company) throw new Error('demo recruiter has no company');
    const date = schoolDayAhead(days);
    const slot = await insertSlot(db, company.id, zonedWallClockToUtc(date, time, 'Europe/Paris'), {
      publicCategories: ['highSchool'],
    });
    return { companyId: company.id, slotId: slot.id, date };
  } finally {
    db.client.close();
  }
}

async function groupOfMeeting(id: number) {
  const db = openDb(server.databaseUrl);
  try {
    const [row] = await db.select({ groupId: meetings.groupId }).from(meetings).where(eq(meetings.id, id));
    return row?.groupId;
  } finally {
    db.client.close();
  }
}

describe('« Mes classes »', () => {
  for (const [width, name, days, time] of [
    [1280, '1re Bac pro MELEC', 5, '17:15'],
    [390, 'Terminale CAP', 6, '18:45'],
  ] as const) {
    it(`creates a group, books into it, attaches meetings and shows them, at ${width} px`, async () => {
      // A meeting of the visit's school year, for the group to take in: from late June the demo's meetings
      // are all of the year that ends.
      await insertDemoMeeting(server, zonedWallClockToUtc(schoolDayAhead(days), '08:15', 'Europe/Paris'), 12);
      const page = await newPage(browser, server.baseURL, { viewport: { width, height: 900 } });
      await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
      await page.goto('/home-teacher');
      const menu = width < 640 ? 'Menu principal mobile' : 'Menu principal';
      await page
        .getByRole('navigation', { name: menu, exact: true })
        .getByRole('link', { name: /classes/i })
        .click();
      await page.waitForURL('**/my-groups');
      await accessible(page);

      // A wrong school year is said under its field; what was typed stays.
      const create = page.getByRole('region', { name: 'Créer un groupe' });
      await create.getByLabel(/Nom du groupe/).fill(name);
      await create.getByLabel(/Niveau/).fill('1re');
      await create.getByLabel(/Année scolaire/).fill('2026-2028');
      await create.getByRole('button', { name: 'Créer le groupe' }).click();
      await page.waitForLoadState();
      expect(
        await create
          .getByText('Indiquez une année scolaire de la forme 2026-2027 : deux années qui se suivent.')
          .isVisible(),
      ).toBe(true);
      expect(await create.getByLabel(/Nom du groupe/).inputValue()).toBe(name);
      await accessible(page);
      // The group's year is the visit's: from late June, the visit 5 or 6 school days ahead is after the
      // summer, and the booking form lists the groups of its slot's school year only.
      const schoolYear = schoolYearOf(schoolDayAhead(days));
      await create.getByLabel(/Année scolaire/).fill(schoolYear);
      await create.getByRole('button', { name: 'Créer le groupe' }).click();
      await page.waitForURL(/\/my-groups\/\d+/);
      const groupUrl = new URL(page.url()).pathname;
      const groupId = Number(groupUrl.split('/').at(-1));
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name);
      expect(await page.getByText('Aucune rencontre cette année').isVisible()).toBe(true);
      await accessible(page);

      // Attach one of the year's meetings without a group from the group's page.
      const attach = page.getByLabel('Rattacher un rendez-vous à ce groupe');
      const firstChoice = await attach.locator('option').nth(1).getAttribute('value');
      await attach.selectOption(firstChoice ?? '');
      await page.getByRole('button', { name: 'Rattacher au groupe' }).click();
      await page.waitForLoadState();
      expect(await groupOfMeeting(Number(firstChoice))).toBe(groupId);
      expect(
        await page.getByRole('region', { name: 'Rencontres du groupe' }).getByRole('listitem').count(),
      ).toBe(1);

      // Book a visit straight into the group from the company page.
      const { companyId, date } = await visitOfDemoCompany(days, time);
      const card = await slotCard(page, companyId, date, time);
      await islandsReady(page);
      await card.getByRole('button', { name: 'Réserver ce créneau' }).click();
      await card.getByLabel('Nombre de participants').fill('12');
      await card.getByRole('combobox', { name: /Groupe/ }).selectOption({ label: name });
      await card.getByRole('checkbox', { name: /charte de bonne conduite/ }).check();
      await accessible(page);
      await card.getByRole('button', { name: 'Confirmer la réservation' }).click();
      const confirmation = card.getByRole('region', { name: 'Votre réservation est confirmée' });
      await confirmation.waitFor();
      const detailsHref = await confirmation
        .getByRole('link', { name: 'Voir le détail du rendez-vous' })
        .getAttribute('href');
      const bookedId = Number(new URL(detailsHref ?? '', server.baseURL).searchParams.get('id'));
      expect(await groupOfMeeting(bookedId)).toBe(groupId);

      // Its details page names the group, and takes the meeting out of it with a plain form.
      await page.goto(detailsHref ?? '');
      const section = page.getByRole('region', { name: 'Groupe' });
      expect(await section.getByRole('link', { name }).getAttribute('href')).toBe(groupUrl);
      await accessible(page);
      await section.getByLabel('Groupe du rendez-vous').selectOption({ label: 'Aucun groupe' });
      await section.getByRole('button', { name: 'Enregistrer le groupe' }).click();
      await page.waitForLoadState();
      expect(
        await section.getByText('Ce rendez-vous n’est rattaché à aucun de vos groupes.').isVisible(),
      ).toBe(true);
      await section.getByLabel('Groupe du rendez-vous').selectOption({ label: name });
      await section.getByRole('button', { name: 'Enregistrer le groupe' }).click();
      await page.waitForLoadState();
      expect(await groupOfMeeting(bookedId)).toBe(groupId);

      // The group's page lists both, the booking to come.
      await page.goto(groupUrl);
      const listed = page.getByRole('region', { name: 'Rencontres du groupe' }).getByRole('listitem');
      expect(await listed.count()).toBe(2);
      const booked = listed.filter({ has: page.locator(`a[href$="?id=${bookedId}"]`) });
      expect(
        await booked
          .filter({ hasText: 'À venir' })
          .filter({ hasText: `${time} – ` })
          .count(),
      ).toBe(1);
      await accessible(page);

      // Deleted with confirmation: its meetings stay, without a group.
      await page.goto(`/my-groups?schoolYear=${schoolYear}`);
      const item = page.locator(`#groupe-${groupId}`);
      await item.locator('summary', { hasText: 'Supprimer' }).click();
      await accessible(page);
      await item.getByRole('button', { name: 'Confirmer la suppression' }).click();
      await page.waitForURL(new RegExp(`/my-groups\\?schoolYear=${schoolYear}`));
      expect(await page.locator(`#groupe-${groupId}`).count()).toBe(0);
      expect(await groupOfMeeting(bookedId)).toBeNull();
      await page.context().close();
    });
  }

  it('takes a plain form post from this site only, answering a redirect or the page with its French errors', async () => {
    const page = await newPage(browser, server.baseURL);
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
    const post = (form: Record<string, string>, origin = server.baseURL) =>
      page.request.post('/my-groups', { form, headers: { origin }, maxRedirects: 0 });
    const forged = await post({ intent: 'create', name: 'Piège' }, 'https://ailleurs.example');
    expect(forged.status()).toBe(403);
    const refused = await post({ intent: 'create', name: 'x'.repeat(81), level: '2nde' });
    expect(refused.status()).toBe(200);
    const html = await refused.text();
    expect(html).toContain('80 caractères au maximum');
    expect(html).toContain('value="2nde"');
    const created = await post({ intent: 'create', name: 'Seconde 7', level: '2nde' });
    expect(created.status()).toBe(303);
    expect(created.headers().location).toMatch(/\/my-groups\/\d+$/);
    await page.context().close();
  });

  it('sends a visitor to the login, then back', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto('/my-groups');
    expect(new URL(page.url()).pathname).toBe('/login-teacher');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/my-groups');
    await page.context().close();
  });
});
