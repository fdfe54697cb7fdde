import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { meetings, videoRooms } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { insertSlot } from '../fixtures/app.ts';
import { testNow } from '../fixtures/clock.ts';
import { freePort } from '../fixtures/net.ts';
import {
  expectAccessibleOnceStill,
  FAKE_CAMERA_AND_MICROPHONE,
  islandsReady,
  launchChromium,
} from './support/browser.ts';
import { demoIds } from './support/demo-meeting.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { pageLoggedInAs } from './support/session.ts';

/**
 * Issue 23's device check and closed room, in Chromium with its fake camera, microphones and speakers: the
 * preview plays, the microphone's level moves, the sound test plays, the devices chosen are kept after a
 * reload; and a room opening in a few seconds shows its countdown, then its pre-join screen by itself. No
 * room is joined (a closed local port stands for the LiveKit server): nothing here needs one.
 */
let server: RunningServer;
let browser: Browser;
const data = { openSlot: 0, openingSlot: 0, endedSlot: 0 };
/** The closed room opens this long after the test starts. */
const OPENS_IN_MS = 15_000;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startServer({
      LIVEKIT_URL: `ws://127.0.0.1:${await freePort()}`,
      LIVEKIT_API_KEY: 'APIe2e',
      LIVEKIT_API_SECRET: 'un-secret-e2e-assez-long-pour-signer-en-hs256',
    }),
    launchChromium({
      args: [...FAKE_CAMERA_AND_MICROPHONE, '--autoplay-policy=no-user-gesture-required'],
    }),
  ]);
  const { teacherId, companyId } = await demoIds(server);
  const db = openDb(server.databaseUrl);
  try {
    // A remote intervention whose room is open, and one whose room opens in a few seconds (15 minutes
    // before its start).
    const open = await insertSlot(db, companyId, new Date(testNow().getTime() + 5 * 60_000), {
      meetingType: 'ClassroomIntervention',
    });
    const opening = await insertSlot(
      db,
      companyId,
      new Date(testNow().getTime() + 15 * 60_000 + OPENS_IN_MS),
      {
        meetingType: 'ClassroomIntervention',
      },
    );
    const booking = (slotId: number) => ({
      slotId,
      teacherId,
      status: 'confirmed' as const,
      participantsCount: 12,
      publicCategory: 'highSchool' as const,
      charterAcceptedAt: testNow(),
    });
    // And one whose company ended the meeting.
    const ended = await insertSlot(db, companyId, new Date(testNow().getTime() + 5 * 60_000), {
      meetingType: 'ClassroomIntervention',
    });
    await db.insert(meetings).values([booking(open.id), booking(opening.id), booking(ended.id)]);
    await db.insert(videoRooms).values([
      { slotId: open.id, openedAt: testNow() },
      { slotId: ended.id, openedAt: testNow(), endedAt: testNow() },
    ]);
    Object.assign(data, { openSlot: open.id, openingSlot: opening.id, endedSlot: ended.id });
  } finally {
    db.client.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function teacherPage(
  viewport?: { width: number; height: number },
  email: string = DEMO_ACCOUNTS.teacher,
): Promise<Page> {
  return pageLoggedInAs(browser, server, email, viewport ? { viewport } : {});
}

const previewPlays = (page: Page) =>
  page.waitForFunction(() => {
    const video = document.querySelector<HTMLVideoElement>('video[aria-label="Aperçu de votre caméra"]');
    return !!video && !video.paused && video.readyState >= 2 && video.videoWidth > 0;
  });

describe('the device check', () => {
  it('plays the preview, moves the level, plays the test sound and keeps the devices chosen', async () => {
    const page = await teacherPage();
    await page.goto(`/meeting-videoconference/${data.openSlot}`);
    await islandsReady(page);
    await previewPlays(page);

    // The fake microphone plays a beep: the level moves.
    const meter = page.getByLabel('Niveau du micro');
    await page.waitForFunction(
      () => Number(document.querySelector('meter')?.getAttribute('value') ?? 0) > 0,
      undefined,
      { timeout: 10_000 },
    );
    expect(await meter.evaluate((element) => element.tagName)).toBe('METER');

    await page.getByRole('button', { name: 'Tester le son' }).click();
    await page.getByText(/Un son vient d’être joué\./).waitFor();

    const microphones = page.getByRole('combobox', { name: 'Micro utilisé' });
    const options = await microphones
      .locator('option')
      .evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value));
    expect(options.length).toBeGreaterThan(1);
    const chosen = options.at(-1) as string;
    await microphones.selectOption(chosen);
    await page.waitForFunction(
      (id) => JSON.parse(localStorage.getItem('passerelle:video-devices') ?? '{}').microphone === id,
      chosen,
    );
    const speakers = page.getByRole('combobox', { name: 'Haut-parleur utilisé' });
    const speaker = await speakers
      .locator('option')
      .evaluateAll((all) => (all.at(-1) as HTMLOptionElement).value);
    await speakers.selectOption(speaker);
    await expectAccessibleOnceStill(page);

    await page.reload();
    await islandsReady(page);
    await previewPlays(page);
    await page.getByRole('combobox', { name: 'Micro utilisé' }).locator(`option[value="${chosen}"]`).waitFor({
      state: 'attached',
    });
    expect(await page.getByRole('combobox', { name: 'Micro utilisé' }).inputValue()).toBe(chosen);
    expect(await page.getByRole('combobox', { name: 'Haut-parleur utilisé' }).inputValue()).toBe(speaker);
  });

  it('fits a phone’s width', async () => {
    const page = await teacherPage({ width: 390, height: 844 });
    await page.goto(`/meeting-videoconference/${data.openSlot}`);
    await islandsReady(page);
    await previewPlays(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessibleOnceStill(page);
  });
});

describe('the closed room', () => {
  it('counts down, then shows the room’s pre-join screen by itself', async () => {
    const page = await teacherPage();
    await page.goto(`/meeting-videoconference/${data.openingSlot}`);
    expect(await page.getByRole('heading', { name: 'La salle est fermée.' }).isVisible()).toBe(true);
    await islandsReady(page);
    expect(await page.getByRole('timer').textContent()).toMatch(/^La salle ouvre dans \d+\u00a0s\.$/);
    await expectAccessibleOnceStill(page);
    await page.getByRole('heading', { name: 'Avant d’entrer dans la salle' }).waitFor({
      timeout: OPENS_IN_MS + 20_000,
    });
    expect(await page.getByRole('heading', { name: 'La salle est fermée.' }).count()).toBe(0);
    await previewPlays(page);
  }, 60_000);
});

describe('the ended meeting', () => {
  it('is told to the company as its own doing, and to the class as the organiser’s', async () => {
    const company = await teacherPage(undefined, DEMO_ACCOUNTS.recruiter);
    await company.goto(`/meeting-videoconference/${data.endedSlot}`);
    expect(
      await company
        .getByText('Vous avez mis fin à la rencontre et fermé la salle', { exact: false })
        .isVisible(),
    ).toBe(true);
    expect(await company.getByText('L’organisateur', { exact: false }).count()).toBe(0);
    const school = await teacherPage();
    await school.goto(`/meeting-videoconference/${data.endedSlot}`);
    expect(
      await school.getByText('L’organisateur a mis fin à la rencontre et fermé la salle.').isVisible(),
    ).toBe(true);
  });
});
