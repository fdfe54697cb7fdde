import { and, eq, isNull } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_MESSAGES } from '../../common/slots.ts';
import { openDb } from '../../db/client.ts';
import { meetings, slots, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { accessibilityViolations, islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/**
 * Issue 21: a webinar nobody could join (the demo's, no link, 19 seats booked; this server has no LiveKit)
 * flagged to its company and worded for its teachers; an edit's consequences shown before it is saved and a
 * deletion's counted — with the islands at 1280 px, and as plain HTML forms at 390 px.
 */

const PHONE = { width: 390, height: 844 };
let server: RunningServer;
let browser: Browser;
/** The demo's webinar without a link that the demo teacher booked, and that teacher's meeting on it. */
const ids = { webinar: 0, teacherMeeting: 0 };

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  const db = openDb(server.databaseUrl);
  const [row] = await db
    .select({ slotId: slots.id, meetingId: meetings.id })
    .from(meetings)
    .innerJoin(slots, eq(slots.id, meetings.slotId))
    .innerJoin(users, eq(users.id, meetings.teacherId))
    .where(
      and(
        eq(users.email, DEMO_ACCOUNTS.teacher),
        eq(slots.meetingType, 'Webinar'),
        isNull(slots.videoLink),
        eq(slots.seatsTaken, 19),
      ),
    );
  db.client.close();
  Object.assign(ids, { webinar: row?.slotId ?? 0, teacherMeeting: row?.meetingId ?? 0 });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** axe-core and no sideways scrolling (a page with JavaScript: both run in it). */
async function checked(page: Page, what: string) {
  expect(await accessibilityViolations(page), what).toEqual([]);
  const width = page.viewportSize()?.width ?? 0;
  expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(width);
}

/** A plain form's submit: the next page is loaded once it returns (the same URL after a refused post). */
async function submitPlain(page: Page, button: string) {
  await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: button }).click()]);
}

const linkField = (page: Page) => page.getByRole('textbox', { name: /^Lien de visioconférence externe/ });

describe('a webinar nobody could join, and what an edit or a deletion does (issue 21)', () => {
  it('tells the booked teacher « Lien communiqué par l’entreprise », not a room that never opens', async () => {
    for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
      const page = await newPage(browser, server.baseURL, { viewport });
      await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
      await page.goto(`/meetings-teacher/meeting-details?id=${ids.teacherMeeting}`);
      await islandsReady(page);
      const place = page.locator('dt', { hasText: /^Lieu$/ }).locator('xpath=following-sibling::dd[1]');
      expect((await place.textContent())?.trim()).toBe('Lien communiqué par l’entreprise');
      expect(await page.locator('a[href^="/meeting-videoconference/"]').count()).toBe(0);
      await checked(page, `meeting details ${viewport.width}`);
      await page.context().close();
    }
  });

  it('flags it on /my-slots, asks for its link, and shows the edit’s consequences before saving (island, 1280 px)', async () => {
    expect(ids.webinar).toBeGreaterThan(0);
    const page = await newPage(browser, server.baseURL, { viewport: { width: 1280, height: 900 } });
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await page.goto('/my-slots');
    await islandsReady(page);
    const card = page
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="/my-slots/edit-slot?id=${ids.webinar}"]`) });
    const flag = card.getByTestId('room-missing');
    expect(await flag.getByText('Ce webinaire n’a pas de lien de visioconférence.').isVisible()).toBe(true);
    await checked(page, '/my-slots');

    await flag.getByRole('link', { name: /^Ajouter le lien de visioconférence/ }).click();
    await page.waitForURL(`**/my-slots/edit-slot?id=${ids.webinar}`);
    await islandsReady(page);
    expect(await page.getByTestId('room-missing').isVisible()).toBe(true);
    expect(await linkField(page).getAttribute('required')).not.toBeNull();
    await checked(page, 'edit-slot');

    // Saved as it is: refused, the message under the link.
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    expect(await page.getByText(SLOT_MESSAGES.webinarNeedsLink).isVisible()).toBe(true);
    expect(await linkField(page).getAttribute('aria-invalid')).toBe('true');

    await linkField(page).fill('https://visio.example.fr/webinaire');
    await page.getByRole('radio', { name: '1 h 30' }).check();
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    const preview = page.getByTestId('slot-edit-preview');
    await preview.waitFor();
    const text = await preview.textContent();
    expect(text).toContain('Les enseignants des 2 réservations seront prévenus par e-mail');
    expect(text).toContain('les 2 réservations passeront en « Reportée »');
    expect(text).toContain('Durée : 1 h → devient 1 h 30');
    expect(text).toContain('https://visio.example.fr/webinaire');
    expect(new URL(page.url()).pathname).toBe('/my-slots/edit-slot');
    await checked(page, 'edit preview');

    await preview.getByRole('button', { name: 'Confirmer les modifications' }).click();
    await page.waitForURL('**/my-slots?enregistre=deplace');
    await islandsReady(page);
    expect(await card.getByTestId('room-missing').count()).toBe(0);
    await page.context().close();
  });

  it('works without JavaScript at 390 px: the link asked for, the edit’s preview then « Confirmer », the deletion counted', async () => {
    const page = await newPage(browser, server.baseURL, { javaScriptEnabled: false, viewport: PHONE });
    await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);

    await page.goto(`/my-slots/edit-slot?id=${ids.webinar}`);
    await linkField(page).fill('https://visio.example.fr/autre');
    await submitPlain(page, 'Enregistrer les modifications');
    // The link is the booked groups' place: they are told, so the change is confirmed first.
    const preview = page.getByTestId('slot-edit-preview');
    expect(await preview.isVisible()).toBe(true);
    expect(await preview.textContent()).toContain(
      'Lieu : https://visio.example.fr/webinaire → devient https://visio.example.fr/autre',
    );
    expect(await linkField(page).inputValue()).toBe('https://visio.example.fr/autre');
    await submitPlain(page, 'Confirmer les modifications');
    await page.waitForURL('**/my-slots?enregistre=1');

    // Emptied: refused under the field, the values kept.
    await page.goto(`/my-slots/edit-slot?id=${ids.webinar}`);
    await linkField(page).fill('');
    await page.getByRole('textbox', { name: /^Fonction/ }).fill('Directrice des ressources humaines');
    await submitPlain(page, 'Enregistrer les modifications');
    expect(await page.getByText(SLOT_MESSAGES.webinarNeedsLink).isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: /^Fonction/ }).inputValue()).toBe(
      'Directrice des ressources humaines',
    );

    await page.goto('/my-slots');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.locator(`a[href="/my-slots/edit-slot?id=${ids.webinar}"]`) });
    await card.getByRole('link', { name: /^Supprimer/ }).click();
    await page.waitForURL(`**/my-slots/delete-slot?id=${ids.webinar}`);
    const consequences = page.getByRole('region', { name: 'Ce que la suppression entraîne' });
    expect(
      await consequences
        .getByText('2 réservations seront annulées (19 places) : les enseignants seront prévenus par e-mail.')
        .isVisible(),
    ).toBe(true);
    expect(await consequences.getByText('Aucun enseignant en liste d’attente.').isVisible()).toBe(true);
    // The same page with JavaScript (nothing runs on it but the layout's): axe and the width at 390 px.
    const phone = await newPage(browser, server.baseURL, { viewport: PHONE });
    await logInAs(phone.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.recruiter);
    await phone.goto(`/my-slots/delete-slot?id=${ids.webinar}`);
    await checked(phone, 'delete-slot');
    await phone.goto(`/my-slots/edit-slot?id=${ids.webinar}`);
    await islandsReady(phone);
    await phone.getByRole('radio', { name: '45 min' }).check();
    await phone.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await phone.getByTestId('slot-edit-preview').waitFor();
    await checked(phone, 'edit preview at 390 px');
    await phone.context().close();

    await page.getByRole('button', { name: 'Supprimer le créneau' }).click();
    await page.waitForURL('**/my-slots?supprime=1');
    expect(await page.locator(`a[href="/my-slots/edit-slot?id=${ids.webinar}"]`).count()).toBe(0);
    await page.context().close();
  });
});
