import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_MAX } from '../../common/text.ts';
import { openDb } from '../../db/client.ts';
import { meetings } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { insertMeeting, insertSlot } from '../fixtures/app.ts';
import { testNow } from '../fixtures/clock.ts';
import { launchChromium, newPage, scriptsHeld } from './support/browser.ts';
import { demoIds } from './support/demo-meeting.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/*
 * Issue 22, forms before JavaScript: either side cancels a meeting from its page with JavaScript off — the
 * form asked of the page, a refusal's message under the reason with the text kept, then the meeting
 * cancelled and the page saying so — and once with the page's script held back.
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

/** A meeting of the demo teacher with the demo company, in `days` days. */
async function meeting(days: number): Promise<number> {
  const db = openDb(server.databaseUrl);
  try {
    const slot = await insertSlot(db, companyId, new Date(testNow().getTime() + days * DAY));
    return (await insertMeeting(db, slot.id, teacherId, { participantsCount: 5 })).id;
  } finally {
    db.client.close();
  }
}

async function statusOf(meetingId: number) {
  const db = openDb(server.databaseUrl);
  try {
    const [row] = await db
      .select({ status: meetings.status, reason: meetings.cancelReason })
      .from(meetings)
      .where(eq(meetings.id, meetingId));
    return row;
  } finally {
    db.client.close();
  }
}

async function pageOf(email: string, javaScriptEnabled: boolean): Promise<Page> {
  const page = await newPage(browser, server.baseURL, {
    viewport: { width: 390, height: 844 },
    javaScriptEnabled,
  });
  await logInAs(page.context(), server.databaseUrl, server.baseURL, email);
  return page;
}

describe('cancelling a meeting without JavaScript', () => {
  it('the teacher asks for the form, is told a reason is too long with the text kept, then cancels', async () => {
    const id = await meeting(9);
    const page = await pageOf(DEMO_ACCOUNTS.teacher, false);
    await page.goto(`/meetings-teacher/meeting-details?id=${id}`);
    await page.getByRole('button', { name: 'Annuler le rendez-vous' }).click();
    await page.waitForURL((url) => url.searchParams.get('annuler') === '1');
    const tooLong = `${'Trop long. '.repeat(91).slice(0, TEXT_MAX.cancelReason)}!`;
    await page.getByLabel('Motif de l’annulation (facultatif)').fill(tooLong);
    await page.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    await page.waitForLoadState('load');
    expect(await page.getByText(`${TEXT_MAX.cancelReason} caractères au maximum`).isVisible()).toBe(true);
    expect(await page.getByLabel('Motif de l’annulation (facultatif)').inputValue()).toBe(tooLong);
    expect((await statusOf(id))?.status).not.toBe('cancelled');

    await page.getByLabel('Motif de l’annulation (facultatif)').fill('Grève des transports scolaires');
    await page.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    await page.waitForURL((url) => url.searchParams.get('annulation') === 'faite');
    expect(
      await page.getByText('Le rendez-vous est annulé. L’entreprise a été prévenue par e-mail.').isVisible(),
    ).toBe(true);
    expect(await page.getByText('Motif : Grève des transports scolaires').isVisible()).toBe(true);
    expect(await statusOf(id)).toEqual({ status: 'cancelled', reason: 'Grève des transports scolaires' });
    await page.context().close();
  });

  it('the company cancels from its side; a plain post answers 303', async () => {
    const id = await meeting(10);
    const page = await pageOf(DEMO_ACCOUNTS.recruiter, false);
    await page.goto(`/meetings-company/meeting-details?id=${id}&annuler=1`);
    await page.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    await page.waitForURL((url) => url.searchParams.get('annulation') === 'faite');
    expect(
      await page.getByText('Le rendez-vous est annulé. L’enseignant a été prévenu par e-mail.').isVisible(),
    ).toBe(true);
    expect((await statusOf(id))?.status).toBe('cancelled');

    const other = await meeting(11);
    const answer = await page.request.post(`/meetings-company/meeting-details?id=${other}`, {
      form: { intent: 'cancelMeeting', reason: '' },
      headers: { origin: server.baseURL },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(303);
    expect(answer.headers().location).toBe(
      `/meetings-company/meeting-details?id=${other}&annulation=faite#statut`,
    );
    await page.context().close();
  });

  it('submitted before the page’s script ran, cancels as the browser posted it', async () => {
    const id = await meeting(12);
    const page = await pageOf(DEMO_ACCOUNTS.teacher, true);
    const release = await scriptsHeld(page);
    await page.goto(`/meetings-teacher/meeting-details?id=${id}&annuler=1`, { waitUntil: 'commit' });
    await page.getByLabel('Motif de l’annulation (facultatif)').fill('Sortie reportée');
    await page.getByRole('button', { name: 'Confirmer l’annulation' }).click();
    await page.waitForURL((url) => url.searchParams.get('annulation') === 'faite', { waitUntil: 'commit' });
    release();
    expect(await statusOf(id)).toEqual({ status: 'cancelled', reason: 'Sortie reportée' });
    await page.context().close();
  });
});
