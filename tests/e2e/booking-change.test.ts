import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/messages.ts';
import { BOOKING_CHANGE_MESSAGES } from '../../common/slots.ts';
import { openDb } from '../../db/client.ts';
import { meetings, slots } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { testNow } from '../fixtures/clock.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { insertDemoMeeting } from './support/demo-meeting.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/*
 * Issue 20, the teacher's side: « Modifier ma réservation » (a plain form, then its island), the booking
 * form's room on the company page, the company page's slot filters, a postponed meeting's answers on the
 * home page; at 1280 and 390 px, axe-clean.
 */

let server: RunningServer;
let browser: Browser;
const DAY = 86_400_000;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function teacherPage(width: number, javaScriptEnabled = true): Promise<Page> {
  const page = await newPage(browser, server.baseURL, {
    viewport: { width, height: 900 },
    javaScriptEnabled,
  });
  await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
  return page;
}

async function expectAccessible(page: Page, where: string) {
  expect(await accessibilityViolations(page), where).toEqual([]);
}

async function stored(id: number) {
  const db = openDb(server.databaseUrl);
  try {
    const [meeting] = await db.select().from(meetings).where(eq(meetings.id, id));
    const [slot] = await db
      .select()
      .from(slots)
      .where(eq(slots.id, meeting?.slotId ?? 0));
    return { meeting, slot };
  } finally {
    db.client.close();
  }
}

const count = (page: Page) => page.getByRole('spinbutton', { name: /Nombre de participants/ });

describe('« Modifier ma réservation »', () => {
  it('works as a plain HTML form: errors under their fields with the values kept, then a redirect', async () => {
    const { id } = await insertDemoMeeting(server, new Date(testNow().getTime() + 6 * DAY), 12);
    const page = await teacherPage(390, false);
    await page.goto(`/meetings-teacher/meeting-details?id=${id}`);
    const form = page.locator('#modifier');
    await count(page).fill('14');
    await form.getByLabel('Nom de l’adulte accompagnateur').fill('Samir Benali');
    await form.getByLabel('Téléphone de l’adulte accompagnateur').fill('12');
    await form.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await page.waitForLoadState();
    const phone = form.getByLabel('Téléphone de l’adulte accompagnateur');
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByText(MESSAGES.invalidPhone).isVisible()).toBe(true);
    expect(await count(page).inputValue()).toBe('14');
    expect(await form.getByLabel('Nom de l’adulte accompagnateur').inputValue()).toBe('Samir Benali');
    expect((await stored(id)).meeting?.participantsCount).toBe(12);

    await phone.fill('06 12 34 56 78');
    await form.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await page.waitForURL(/modification=ok/);
    expect(await page.getByText(BOOKING_CHANGE_MESSAGES.changed).isVisible()).toBe(true);
    const { meeting, slot } = await stored(id);
    expect(meeting).toMatchObject({
      participantsCount: 14,
      accompanyingAdultName: 'Samir Benali',
      accompanyingAdultPhone: '0612345678',
    });
    expect(slot?.seatsTaken).toBe(14);
  });

  it('hydrated, offers the waitlist when the group outgrows the seats left, and puts the difference there', async () => {
    const { id } = await insertDemoMeeting(server, new Date(testNow().getTime() + 7 * DAY), 12);
    const db = openDb(server.databaseUrl);
    const [row] = await db.select().from(meetings).where(eq(meetings.id, id));
    // 28 of 30 seats taken: two left.
    await db
      .update(slots)
      .set({ seatsTaken: 28 })
      .where(eq(slots.id, row?.slotId ?? 0));
    db.client.close();
    const page = await teacherPage(1280);
    await page.goto(`/meetings-teacher/meeting-details?id=${id}`);
    await islandsReady(page);
    const choice = page.getByRole('group', { name: /pas assez de places/ });
    expect(await choice.count()).toBe(0);
    await count(page).fill('16');
    await choice.waitFor();
    await choice.getByRole('radio', { name: /liste d’attente/ }).check();
    await expectAccessible(page, 'change form, the waitlist choice');
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await page.waitForURL(/modification=attente/);
    expect(await page.getByText(BOOKING_CHANGE_MESSAGES.waitlisted(4)).isVisible()).toBe(true);
    expect((await stored(id)).meeting?.participantsCount).toBe(12);
  });
});

describe('the company page', () => {
  let companyPage = '';
  beforeAll(async () => {
    const { company } = await insertDemoMeeting(server, new Date(testNow().getTime() + 8 * DAY), 2);
    companyPage = `/company-details?id=${company.id}`;
  });

  for (const width of [1280, 390]) {
    it(`opens the booking form with room of its own at ${width} px`, async () => {
      const page = await teacherPage(width);
      // The whole list (« Voir plus » as far as it goes): the first slots are the ones this file booked.
      await page.goto(`${companyPage}&voir=60`);
      await islandsReady(page);
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('button', { name: 'Réserver ce créneau' }) })
        .first();
      const id = await card.getAttribute('aria-labelledby');
      await card.getByRole('button', { name: 'Réserver ce créneau' }).click();
      const opened = page.locator(`article[aria-labelledby="${id}"]`);
      const form = opened.getByRole('form');
      await form.waitFor();
      const box = await form.boundingBox();
      // The whole list's width at 1280 (no second column squeezing it), the screen's at 390.
      expect(box?.width ?? 0).toBeGreaterThan(width === 1280 ? 600 : 300);
      const button = await form.getByRole('button', { name: 'Confirmer la réservation' }).boundingBox();
      expect(button?.height ?? 100).toBeLessThan(60);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectAccessible(page, `company page, booking form open, ${width} px`);
    });
  }

  it('filters its slots by type and month with a plain GET, and shows the first ones with « Voir plus »', async () => {
    const page = await teacherPage(390, false);
    await page.goto(companyPage);
    const filters = page.getByRole('form', { name: 'Filtrer les créneaux' });
    const list = page.locator('section[aria-labelledby="creneaux"]');
    const shown = () => list.getByRole('article').count();
    expect(await shown()).toBeLessThanOrEqual(6);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(9000);
    await filters.getByLabel('Type de rencontre').selectOption('CompanyVisit');
    await filters.getByRole('button', { name: 'Filtrer' }).click();
    await page.waitForURL(/type=CompanyVisit/);
    const types = await list.getByRole('article').allTextContents();
    expect(types.length).toBeGreaterThan(0);
    for (const text of types) expect(text).toContain('Visite');
    const months = await filters.getByLabel('Mois').locator('option').allTextContents();
    expect(months[0]).toBe('Tous les mois');
    expect(months.slice(1).every((label) => /^[a-zéû]+ \d{4}$/.test(label))).toBe(true);
    // axe runs in the page: the same filtered list, with JavaScript.
    const checked = await teacherPage(390);
    await checked.goto(page.url());
    await islandsReady(checked);
    await expectAccessible(checked, 'company page, slots filtered, 390 px');
  });
});

describe('a postponed meeting on the home page', () => {
  for (const width of [1280, 390]) {
    it(`says old → new and takes « Je garde ma place » there, at ${width} px`, async () => {
      // Sooner than the demo's meetings: the home page shows the next few.
      const startsAt = new Date(testNow().getTime() + (width === 1280 ? 2 : 3) * 3_600_000);
      const { id } = await insertDemoMeeting(server, startsAt, 3);
      const db = openDb(server.databaseUrl);
      await db
        .update(meetings)
        .set({
          status: 'reported',
          previousStartsAt: new Date(startsAt.getTime() - DAY),
          previousEndsAt: new Date(startsAt.getTime() - DAY + 3_600_000),
        })
        .where(eq(meetings.id, id));
      db.client.close();
      const page = await teacherPage(width);
      await page.goto('/home-teacher');
      await islandsReady(page);
      const card = page
        .getByRole('article')
        .filter({ has: page.getByRole('button', { name: 'Je garde ma place' }) });
      expect(await card.count()).toBeGreaterThan(0);
      const mine = page.getByRole('article').filter({ has: page.locator(`a[href$="id=${id}"]`) });
      expect(await mine.getByText('Ancien horaire :').isVisible()).toBe(true);
      expect(await mine.getByText('Nouvel horaire :').isVisible()).toBe(true);
      expect(await mine.getByRole('button', { name: 'J’annule' }).isVisible()).toBe(true);
      await expectAccessible(page, `home page, a postponed meeting, ${width} px`);
      await mine.getByRole('button', { name: 'Je garde ma place' }).click();
      await mine.getByText(/Vous gardez votre place/).waitFor();
      expect((await stored(id)).meeting?.status).toBe('confirmed');
    });
  }

  it('is answered from the meetings list too: « J’annule » cancels after the confirmation', async () => {
    const startsAt = new Date(testNow().getTime() + 11 * DAY);
    const { id } = await insertDemoMeeting(server, startsAt, 3);
    const db = openDb(server.databaseUrl);
    await db.update(meetings).set({ status: 'reported' }).where(eq(meetings.id, id));
    db.client.close();
    const page = await teacherPage(1280);
    await page.goto('/meetings-teacher');
    await islandsReady(page);
    const mine = page.getByRole('article').filter({ has: page.locator(`a[href$="id=${id}"]`) });
    await mine.getByRole('button', { name: 'J’annule' }).click();
    const dialog = page.getByRole('dialog', { name: 'Annuler ce rendez-vous ?' });
    await dialog.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    await mine.getByText(/Le rendez-vous est annulé/).waitFor();
    expect((await stored(id)).meeting?.status).toBe('cancelled');
  });
});
