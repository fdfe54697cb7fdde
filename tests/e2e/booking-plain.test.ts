import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/messages.ts';
import { SLOT_MESSAGES } from '../../common/slots.ts';
import { openDb } from '../../db/client.ts';
import { meetings, slots } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { insertSlot } from '../fixtures/app.ts';
import { testNow } from '../fixtures/clock.ts';
import { launchChromium, newPage, scriptsHeld } from './support/browser.ts';
import { demoIds } from './support/demo-meeting.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/*
 * Issue 22, forms before JavaScript: a teacher books a slot from the company page with JavaScript off — the
 * form asked of the page, a refusal's French message under its field and the values kept, the booking made
 * and the meeting's page next — and once with the page's script held back, submitted before the island
 * hydrates. A plain post answers 303 (API.md « Fresh-style »).
 */

let server: RunningServer;
let browser: Browser;
let companyId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  ({ companyId } = await demoIds(server));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A slot of the demo company early tomorrow (first in its list), whatever the demo slots are. */
async function freshSlot(minutes: number): Promise<number> {
  const db = openDb(server.databaseUrl);
  try {
    const startsAt = new Date(
      Math.ceil(testNow().getTime() / DAY) * DAY + DAY + 5 * 3_600_000 + minutes * 60_000,
    );
    return (await insertSlot(db, companyId, startsAt, { maxParticipants: 12 })).id;
  } finally {
    db.client.close();
  }
}

async function seatsTaken(slotId: number): Promise<number> {
  const db = openDb(server.databaseUrl);
  try {
    const [row] = await db.select({ n: slots.seatsTaken }).from(slots).where(eq(slots.id, slotId));
    return row?.n ?? -1;
  } finally {
    db.client.close();
  }
}

async function teacherPage(javaScriptEnabled: boolean): Promise<Page> {
  const page = await newPage(browser, server.baseURL, {
    viewport: { width: 390, height: 844 },
    javaScriptEnabled,
  });
  await logInAs(page.context(), server.databaseUrl, server.baseURL, DEMO_ACCOUNTS.teacher);
  return page;
}

const card = (page: Page, slotId: number) =>
  page.locator('article', { has: page.locator(`#creneau-${slotId}`) });

describe('a booking without JavaScript', () => {
  it('asks the page for the form, says what is missing with the values kept, then books and shows the meeting', async () => {
    const slotId = await freshSlot(7);
    const page = await teacherPage(false);
    await page.goto(`/company-details?id=${companyId}`);
    await card(page, slotId).getByRole('button', { name: 'Réserver ce créneau' }).click();
    await page.waitForURL((url) => url.searchParams.get('reserver') === String(slotId));
    const form = card(page, slotId).getByRole('form');
    await form.getByLabel('Nombre de participants').fill('3');
    await form.getByLabel('Nom de l’adulte accompagnateur').fill('Élodie Marchand');
    await form.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await page.waitForLoadState('load');
    const refused = card(page, slotId).getByRole('form');
    expect(await refused.getByText(MESSAGES.acceptCharter).isVisible()).toBe(true);
    expect(await refused.getByLabel('Nombre de participants').inputValue()).toBe('3');
    expect(await refused.getByLabel('Nom de l’adulte accompagnateur').inputValue()).toBe('Élodie Marchand');
    expect(await seatsTaken(slotId)).toBe(0);

    await refused.getByLabel('J’ai lu et j’accepte la charte de bonne conduite').check();
    await refused.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await page.waitForURL(/\/meetings-teacher\/meeting-details\?id=\d+#contenu$/);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect(await seatsTaken(slotId)).toBe(3);
    await page.context().close();
  });

  it('says every error at once: too many participants, a bad phone and the charter, the values kept', async () => {
    const slotId = await freshSlot(9);
    const page = await teacherPage(false);
    await page.goto(`/company-details?id=${companyId}&reserver=${slotId}`);
    const form = card(page, slotId).getByRole('form');
    await form.getByLabel('Nombre de participants').fill('30');
    await form.getByLabel('Téléphone de l’adulte accompagnateur').fill('12345');
    await form.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await page.waitForLoadState('load');
    const refused = card(page, slotId).getByRole('form');
    expect(
      await refused.getByText(SLOT_MESSAGES.participantsAboveSeatsLeft(12), { exact: true }).isVisible(),
    ).toBe(true);
    expect(await refused.getByText(MESSAGES.invalidPhone).isVisible()).toBe(true);
    expect(await refused.getByText(MESSAGES.acceptCharter).isVisible()).toBe(true);
    expect(await refused.getByLabel('Nombre de participants').inputValue()).toBe('30');
    expect(await refused.getByLabel('Téléphone de l’adulte accompagnateur').inputValue()).toBe('12345');
    expect(await seatsTaken(slotId)).toBe(0);
    await page.context().close();
  });

  it('answers a plain post 303 to the meeting, and a full slot with its message', async () => {
    const slotId = await freshSlot(11);
    const page = await teacherPage(false);
    const post = (form: Record<string, string>) =>
      page.request.post(`/company-details?id=${companyId}`, {
        form: { intent: 'bookSlot', slotId: String(slotId), publicCategory: 'highSchool', ...form },
        headers: { origin: server.baseURL },
        maxRedirects: 0,
      });
    const tooMany = await post({ participantsCount: '13', acceptCharter: 'on' });
    expect(tooMany.status()).toBe(200);
    expect(await tooMany.text()).toContain('value="13"');
    const booked = await post({ participantsCount: '2', acceptCharter: 'on' });
    expect(booked.status()).toBe(303);
    expect(booked.headers().location).toMatch(/^\/meetings-teacher\/meeting-details\?id=\d+#contenu$/);
    const db = openDb(server.databaseUrl);
    try {
      const rows = await db
        .select({ n: meetings.participantsCount })
        .from(meetings)
        .where(eq(meetings.slotId, slotId));
      expect(rows).toEqual([{ n: 2 }]);
    } finally {
      db.client.close();
    }
    await page.context().close();
  });

  it('submitted before the page’s script ran, books as the browser posted it', async () => {
    const slotId = await freshSlot(13);
    const page = await teacherPage(true);
    const release = await scriptsHeld(page);
    await page.goto(`/company-details?id=${companyId}&reserver=${slotId}`, { waitUntil: 'commit' });
    const form = card(page, slotId).getByRole('form');
    await form.getByLabel('Nombre de participants').fill('4');
    await form.getByLabel('J’ai lu et j’accepte la charte de bonne conduite').check();
    await form.getByRole('button', { name: 'Confirmer la réservation' }).click();
    await page.waitForURL(/\/meetings-teacher\/meeting-details\?id=\d+#contenu$/, { waitUntil: 'commit' });
    release();
    expect(await seatsTaken(slotId)).toBe(4);
    await page.context().close();
  });
});
