import { and, eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITLIST_MESSAGES } from '../../common/waitlist.ts';
import { openDb } from '../../db/client.ts';
import { waitlistEntries } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { insertSlot } from '../fixtures/app.ts';
import { testNow } from '../fixtures/clock.ts';
import { launchChromium, newPage, scriptsHeld } from './support/browser.ts';
import { demoIds } from './support/demo-meeting.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/*
 * Issue 22, forms before JavaScript: a teacher joins a full slot's waitlist from the company page and leaves
 * it from their meetings page with JavaScript off — the form asked of the page, a refusal's message with
 * the value kept, then the page saying what was done — and joins once with the page's script held back.
 */

let server: RunningServer;
let browser: Browser;
let companyId: number;
let teacherId: number;
const DAY = 86_400_000;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchChromium()]);
  ({ companyId, teacherId } = await demoIds(server));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A full slot of the demo company early tomorrow, first in its list. */
async function fullSlot(minutes: number): Promise<number> {
  const db = openDb(server.databaseUrl);
  try {
    const startsAt = new Date(
      Math.ceil(testNow().getTime() / DAY) * DAY + DAY + 4 * 3_600_000 + minutes * 60_000,
    );
    return (await insertSlot(db, companyId, startsAt, { maxParticipants: 6, seatsTaken: 6 })).id;
  } finally {
    db.client.close();
  }
}

async function entryOf(slotId: number) {
  const db = openDb(server.databaseUrl);
  try {
    const [row] = await db
      .select({ status: waitlistEntries.status, groupSize: waitlistEntries.groupSize })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.teacherId, teacherId)));
    return row ?? null;
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

describe('the waitlist without JavaScript', () => {
  it('joins from the company page after a refused size, then leaves from the meetings page', async () => {
    const slotId = await fullSlot(3);
    const page = await teacherPage(false);
    await page.goto(`/company-details?id=${companyId}`);
    await card(page, slotId).getByRole('button', { name: 'Rejoindre la liste d’attente' }).click();
    await page.waitForURL((url) => url.searchParams.get('attente') === String(slotId));
    const form = card(page, slotId).getByRole('form');
    await form.getByLabel('Taille du groupe').fill('0');
    await form.getByRole('button', { name: 'M’inscrire sur la liste d’attente' }).click();
    await page.waitForLoadState('load');
    const refused = card(page, slotId).getByRole('form');
    expect(await refused.getByText(WAITLIST_MESSAGES.groupAtLeastOne).isVisible()).toBe(true);
    expect(await refused.getByLabel('Taille du groupe').inputValue()).toBe('0');
    expect(await entryOf(slotId)).toBeNull();

    await refused.getByLabel('Taille du groupe').fill('3');
    await refused.getByRole('button', { name: 'M’inscrire sur la liste d’attente' }).click();
    await page.waitForURL((url) => url.searchParams.get('liste') === 'rejointe');
    expect(await card(page, slotId).getByText(WAITLIST_MESSAGES.joined).isVisible()).toBe(true);
    expect(await entryOf(slotId)).toEqual({ status: 'waiting', groupSize: 3 });

    await page.goto('/meetings-teacher');
    const mine = page.locator('li', { has: page.getByText('Groupe de 3 participants') });
    await mine.getByRole('button', { name: 'Quitter la liste d’attente' }).click();
    await page.waitForURL((url) => url.searchParams.get('liste') === 'quittee');
    expect(await page.getByText(WAITLIST_MESSAGES.left).isVisible()).toBe(true);
    expect((await entryOf(slotId))?.status).not.toBe('waiting');
    await page.context().close();
  });

  it('joined before the page’s script ran, as the browser posted it; leaving answers 303', async () => {
    const slotId = await fullSlot(9);
    const page = await teacherPage(true);
    const release = await scriptsHeld(page);
    await page.goto(`/company-details?id=${companyId}&attente=${slotId}`, { waitUntil: 'commit' });
    const form = card(page, slotId).getByRole('form');
    await form.getByLabel('Taille du groupe').fill('2');
    await form.getByRole('button', { name: 'M’inscrire sur la liste d’attente' }).click();
    await page.waitForURL((url) => url.searchParams.get('liste') === 'rejointe', { waitUntil: 'commit' });
    release();
    expect(await entryOf(slotId)).toEqual({ status: 'waiting', groupSize: 2 });

    const db = openDb(server.databaseUrl);
    const [entry] = await db
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.slotId, slotId), eq(waitlistEntries.teacherId, teacherId)));
    db.client.close();
    const left = await page.request.post('/meetings-teacher', {
      form: { intent: 'leaveWaitlist', entryId: String(entry?.id) },
      headers: { origin: server.baseURL },
      maxRedirects: 0,
    });
    expect(left.status()).toBe(303);
    expect(left.headers().location).toBe('/meetings-teacher?liste=quittee#liste-attente');
    await page.context().close();
  });
});
