import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { establishments, meetings, users, videoRoomMembers, videoRooms } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { opensSentence } from '../../islands/video/room-text.ts';
import { insertSlot, insertUser } from '../fixtures/app.ts';
import { testNow } from '../fixtures/clock.ts';
import { freePort } from '../fixtures/net.ts';
import {
  expectAccessibleOnceStill,
  FAKE_CAMERA_AND_MICROPHONE,
  islandsReady,
  launchChromium,
  newPage,
} from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { pageLoggedInAs } from './support/session.ts';

/**
 * Issue 6's room and issue 15's webinar, in Chromium with a fake camera and microphone. No LiveKit server can
 * run here: the platform is given one at a closed local port, so joining ends on "server unreachable", as it
 * would for a school whose network blocks it. What comes before — the pre-join screens, the lobby, the
 * host's panel opening the room — runs for real, with two people on two pages.
 */
let server: RunningServer;
let browser: Browser;
let liveKitPort: number;
const OTHER_TEACHER = 'autre.enseignante@example.fr';
const data = {
  soonSlot: 0,
  interventionSlot: 0,
  endedSlot: 0,
  removedSlot: 0,
  laterSlot: 0,
  laterOpensAt: '',
  bookedMeeting: 0,
  interventionMeeting: 0,
  companyName: '',
  teacherName: '',
};

beforeAll(async () => {
  // Free now and listened on by no one: connections to it are refused.
  liveKitPort = await freePort();
  [server, browser] = await Promise.all([
    startServer({
      LIVEKIT_URL: `ws://127.0.0.1:${liveKitPort}`,
      LIVEKIT_API_KEY: 'APIe2e',
      LIVEKIT_API_SECRET: 'un-secret-e2e-assez-long-pour-signer-en-hs256',
    }),
    launchChromium({ args: FAKE_CAMERA_AND_MICROPHONE }),
  ]);
  const db = openDb(server.databaseUrl);
  try {
    const [recruiter] = await db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
    const [teacher] = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        establishment: establishments.name,
      })
      .from(users)
      .leftJoin(establishments, eq(establishments.id, users.establishmentId))
      .where(eq(users.email, DEMO_ACCOUNTS.teacher));
    if (!recruiter?.companyId || !teacher) throw new Error('demo accounts missing');
    const company = await db.query.companies.findFirst({
      where: (c, { eq }) => eq(c.id, recruiter.companyId ?? 0),
    });
    // A webinar starting in 5 minutes (its room opened 10 minutes ago), and one a month away.
    const soon = await insertSlot(db, recruiter.companyId, new Date(testNow().getTime() + 5 * 60_000), {
      meetingType: 'Webinar',
    });
    const later = await insertSlot(db, recruiter.companyId, new Date(testNow().getTime() + 30 * 86_400_000), {
      meetingType: 'Webinar',
    });
    const booking = (slotId: number) => ({
      slotId,
      teacherId: teacher.id,
      status: 'confirmed' as const,
      participantsCount: 12,
      publicCategory: 'highSchool' as const,
      charterAcceptedAt: testNow(),
    });
    // An intervention held remotely (everyone publishes), whose room the company already opened; a webinar
    // the company ended; one it removed the teacher from.
    const intervention = await insertSlot(
      db,
      recruiter.companyId,
      new Date(testNow().getTime() + 5 * 60_000),
      {
        meetingType: 'ClassroomIntervention',
      },
    );
    const ended = await insertSlot(db, recruiter.companyId, new Date(testNow().getTime() + 5 * 60_000), {
      meetingType: 'Webinar',
    });
    const removed = await insertSlot(db, recruiter.companyId, new Date(testNow().getTime() + 5 * 60_000), {
      meetingType: 'Webinar',
    });
    const [booked, , bookedIntervention] = await db
      .insert(meetings)
      .values([
        booking(soon.id),
        booking(later.id),
        booking(intervention.id),
        booking(ended.id),
        booking(removed.id),
      ])
      .returning({ id: meetings.id });
    await db.insert(videoRooms).values([
      { slotId: intervention.id, openedAt: testNow() },
      { slotId: ended.id, openedAt: testNow(), endedAt: testNow() },
      { slotId: removed.id, openedAt: testNow() },
    ]);
    await db
      .insert(videoRoomMembers)
      .values({ slotId: removed.id, userId: teacher.id, lastSeenAt: testNow(), removedAt: testNow() });
    await insertUser(db, { kind: 'teacher', email: OTHER_TEACHER, firstName: 'Zoé', lastName: 'Petit' });
    Object.assign(data, {
      soonSlot: soon.id,
      interventionSlot: intervention.id,
      interventionMeeting: bookedIntervention?.id ?? 0,
      endedSlot: ended.id,
      removedSlot: removed.id,
      laterSlot: later.id,
      laterOpensAt: new Date(later.startsAt.getTime() - 15 * 60_000).toISOString(),
      bookedMeeting: booked?.id ?? 0,
      companyName: company?.name ?? '',
      teacherName: `${teacher.firstName} ${teacher.lastName} — ${teacher.establishment}`,
    });
  } finally {
    db.client.close();
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The desktop the tests use by default, and a phone's width. */
const PHONE = { width: 390, height: 844 };

async function pageAs(email: string, viewport?: { width: number; height: number }): Promise<Page> {
  return pageLoggedInAs(browser, server, email, viewport ? { viewport } : {});
}

describe('the video room', () => {
  it('shows a booked teacher their camera, then says the video server cannot be reached', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    const blocked: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
    });
    const response = await page.goto(`/meeting-videoconference/${data.interventionSlot}`);
    expect(response?.status()).toBe(200);
    // The policy lets the page reach the LiveKit server it is given, over WebSocket and HTTP.
    expect(response?.headers()['content-security-policy']).toContain(
      `ws://127.0.0.1:${liveKitPort} http://127.0.0.1:${liveKitPort}`,
    );
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      `Intervention — ${data.companyName}`,
    );
    expect(await page.getByRole('link', { name: 'Retour au rendez-vous' }).getAttribute('href')).toBe(
      `/meetings-teacher/meeting-details?id=${data.interventionMeeting}`,
    );
    expect(await page.getByRole('navigation', { name: 'Menu principal', exact: true }).count()).toBe(0);
    await islandsReady(page);

    // The preview plays the fake camera.
    const preview = page.getByLabel('Aperçu de votre caméra');
    await preview.waitFor();
    await page.waitForFunction(() => {
      const video = document.querySelector('video');
      return !!video && !video.paused && video.readyState >= 2 && video.videoWidth > 0;
    });
    const playedAt = await preview.evaluate((video: HTMLVideoElement) => video.currentTime);
    await page.waitForFunction(
      (before) => (document.querySelector('video')?.currentTime ?? 0) > before,
      playedAt,
    );
    expect(await page.getByText(data.teacherName).isVisible()).toBe(true);
    expect(
      await page.getByRole('combobox', { name: 'Caméra utilisée' }).locator('option').count(),
    ).toBeGreaterThan(0);
    expect(
      await page.getByRole('combobox', { name: 'Micro utilisé' }).locator('option').count(),
    ).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Caméra' }).getAttribute('aria-pressed')).toBe('true');
    await expectAccessibleOnceStill(page);

    await page.getByRole('button', { name: 'Rejoindre', exact: true }).click();
    const unreachable = page.getByText('Impossible de joindre le serveur de visioconférence.');
    await unreachable.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('button', { name: 'Réessayer' }).isVisible()).toBe(true);
    // Still there to try again with: the preview and its camera.
    expect(await preview.isVisible()).toBe(true);
    expect(blocked).toEqual([]);
    await expectAccessibleOnceStill(page);
  });

  it('keeps a class in the webinar’s lobby until the company opens the room, then lets it in', async () => {
    const teacher = await pageAs(DEMO_ACCOUNTS.teacher);
    await teacher.goto(`/meeting-videoconference/${data.soonSlot}`);
    expect(await teacher.getByRole('heading', { level: 1 }).textContent()).toBe(
      `Webinaire — ${data.companyName}`,
    );
    expect(await teacher.getByRole('link', { name: 'Retour au rendez-vous' }).getAttribute('href')).toBe(
      `/meetings-teacher/meeting-details?id=${data.bookedMeeting}`,
    );
    await islandsReady(teacher);
    // The audience opens no camera: nothing to preview, nothing asked.
    await teacher.getByText(/Votre classe assiste au webinaire depuis le public/).waitFor();
    expect(await teacher.getByLabel('Aperçu de votre caméra').count()).toBe(0);
    expect(await teacher.getByText(data.teacherName).isVisible()).toBe(true);
    await expectAccessibleOnceStill(teacher);
    await teacher.getByRole('button', { name: 'Rejoindre', exact: true }).click();
    await teacher.getByRole('heading', { name: 'En attente de l’organisateur' }).waitFor();
    await expectAccessibleOnceStill(teacher);
    await teacher.screenshot({ path: '/tmp/webinar-lobby-1280.png', fullPage: true });

    // The same class on a phone, in another tab, waits too.
    const phone = await pageAs(DEMO_ACCOUNTS.teacher, PHONE);
    await phone.goto(`/meeting-videoconference/${data.soonSlot}`);
    await islandsReady(phone);
    await phone.getByRole('button', { name: 'Rejoindre', exact: true }).click();
    await phone.getByRole('heading', { name: 'En attente de l’organisateur' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectAccessibleOnceStill(phone);
    await phone.screenshot({ path: '/tmp/webinar-lobby-390.png', fullPage: true });

    const host = await pageAs(DEMO_ACCOUNTS.recruiter);
    await host.goto(`/meeting-videoconference/${data.soonSlot}`);
    expect(await host.getByText(/Vous animez le webinaire/).isVisible()).toBe(true);
    expect(await host.getByRole('link', { name: 'Retour à mes créneaux' }).getAttribute('href')).toBe(
      '/meetings-company',
    );
    await islandsReady(host);
    await host.getByLabel('Aperçu de votre caméra').waitFor();
    const panel = host.getByRole('complementary', { name: 'Animation de la rencontre' });
    const lobby = panel.getByRole('list', { name: 'Classes en attente' });
    await lobby.getByText(data.teacherName).waitFor();
    expect(await panel.getByText(/12 participants · en attente depuis/).isVisible()).toBe(true);
    await expectAccessibleOnceStill(host);
    await host.screenshot({ path: '/tmp/webinar-host-1280.png', fullPage: true });

    const hostPhone = await pageAs(DEMO_ACCOUNTS.recruiter, PHONE);
    await hostPhone.goto(`/meeting-videoconference/${data.soonSlot}`);
    await islandsReady(hostPhone);
    await hostPhone.getByRole('list', { name: 'Classes en attente' }).getByText(data.teacherName).waitFor();
    expect(await hostPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectAccessibleOnceStill(hostPhone);
    await hostPhone.screenshot({ path: '/tmp/webinar-host-390.png', fullPage: true });

    // Opened with the keyboard: the class enters by itself, gets its token, and meets the closed port.
    await panel.getByRole('button', { name: 'Ouvrir la salle aux classes' }).focus();
    await host.keyboard.press('Enter');
    await panel.getByText(/La salle est ouverte/).waitFor();
    await expectAccessibleOnceStill(host);
    await teacher
      .getByText('Impossible de joindre le serveur de visioconférence.')
      .waitFor({ timeout: 30_000 });
    expect(await teacher.getByRole('heading', { name: 'En attente de l’organisateur' }).count()).toBe(0);
    await expectAccessibleOnceStill(teacher);
    for (const page of [teacher, phone, host, hostPhone]) await page.context().close();
  });

  it('says the meeting is over once the company ended it, and tells a removed class it cannot come back', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    await page.goto(`/meeting-videoconference/${data.endedSlot}`);
    expect(await page.getByRole('heading', { name: 'La rencontre est terminée.' }).isVisible()).toBe(true);
    expect(await page.locator('[data-island="VideoRoom"]').count()).toBe(0);
    await expectAccessibleOnceStill(page);
    await page.goto(`/meeting-videoconference/${data.removedSlot}`);
    expect(
      await page.getByRole('heading', { name: 'L’organisateur vous a retiré de cette salle.' }).isVisible(),
    ).toBe(true);
    expect(await page.locator('[data-island="VideoRoom"]').count()).toBe(0);
    await expectAccessibleOnceStill(page);
  });

  it('sends a visitor to the login', async () => {
    const page = await newPage(browser, server.baseURL);
    await page.goto(`/meeting-videoconference/${data.soonSlot}`);
    expect(new URL(page.url()).pathname).toBe('/login-teacher');
  });

  it('refuses a teacher who did not book the slot, and says so', async () => {
    const page = await pageAs(OTHER_TEACHER);
    const response = await page.goto(`/meeting-videoconference/${data.soonSlot}`);
    // Issue 22 (security probe): a refusal answers 403, not a page that answers 200.
    expect(response?.status()).toBe(403);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Accès refusé');
    expect(await page.getByText('Vous n’avez pas accès à cette salle de visioconférence.').isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('link', { name: 'Retour à l’accueil' }).getAttribute('href')).toBe(
      '/home-teacher',
    );
    expect(await page.locator('[data-island="VideoRoom"]').count()).toBe(0);
    expect(await page.getByText(data.companyName).count()).toBe(0);
    await expectAccessibleOnceStill(page);
  });

  it('says when the room of a later webinar opens, with no room to join', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    await page.goto(`/meeting-videoconference/${data.laterSlot}`);
    expect(await page.getByRole('heading', { name: 'La salle est fermée.' }).isVisible()).toBe(true);
    expect(await page.getByText(opensSentence(data.laterOpensAt, 'Europe/Paris')).isVisible()).toBe(true);
    expect(await page.locator('[data-island="VideoRoom"]').count()).toBe(0);
    await expectAccessibleOnceStill(page);
  });

  it('answers 404 for a slot that does not exist', async () => {
    const page = await pageAs(DEMO_ACCOUNTS.teacher);
    expect((await page.goto('/meeting-videoconference/999999'))?.status()).toBe(404);
    expect((await page.goto('/meeting-videoconference/abc'))?.status()).toBe(404);
  });
});
