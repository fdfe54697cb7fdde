import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { meetings, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { type LocalLiveKit, liveKitBinary, startLiveKitDev } from '../../scripts/livekit-dev.ts';
import { VIDEO_WEBHOOK_PATH } from '../../server/video/webhook.ts';
import { insertSlot } from '../fixtures/app.ts';
import { freePort } from '../fixtures/net.ts';
import { islandsReady, launchChromium, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { logInAs } from './support/session.ts';

/**
 * Issue 23: the video room against a real LiveKit server (`livekit-server --dev`, scripts/livekit-dev.ts),
 * bound to 127.0.0.1 and announcing 127.0.0.1 as its only ICE candidate, with Chromium's fake camera and
 * microphone: media goes over this machine's loopback and nowhere else. CI installs the server (.ci/run):
 * without it this file fails, it is never skipped.
 */
let liveKit: LocalLiveKit;
let server: RunningServer;
let browser: Browser;
const data = { remoteSlot: 0, teacherName: '' };

beforeAll(async () => {
  const bin = liveKitBinary();
  if (!bin) throw new Error('livekit-server is not installed: .ci/run installs it (README)');
  const port = await freePort();
  liveKit = await startLiveKitDev({ bin, webhookUrl: `http://127.0.0.1:${port}${VIDEO_WEBHOOK_PATH}` });
  [server, browser] = await Promise.all([
    startServer({
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      LIVEKIT_URL: liveKit.url,
      LIVEKIT_API_KEY: liveKit.apiKey,
      LIVEKIT_API_SECRET: liveKit.apiSecret,
    }),
    launchChromium({
      args: [
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
        // The server's only candidate is 127.0.0.1: Chromium leaves loopback out of ICE unless told.
        '--allow-loopback-in-peer-connection',
        '--autoplay-policy=no-user-gesture-required',
      ],
    }),
  ]);
  const db = openDb(server.databaseUrl);
  try {
    const [recruiter] = await db
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.recruiter));
    const [teacher] = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.teacher));
    if (!recruiter?.companyId || !teacher) throw new Error('demo accounts missing');
    // A remote intervention in 5 minutes: its room is open to the company, the class waits for it.
    const slot = await insertSlot(db, recruiter.companyId, new Date(Date.now() + 5 * 60_000), {
      meetingType: 'ClassroomIntervention',
    });
    await db.insert(meetings).values({
      slotId: slot.id,
      teacherId: teacher.id,
      status: 'confirmed',
      participantsCount: 12,
      publicCategory: 'highSchool',
      charterAcceptedAt: new Date(),
    });
    Object.assign(data, { remoteSlot: slot.id, teacherName: `${teacher.firstName} ${teacher.lastName}` });
  } finally {
    db.client.close();
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await liveKit?.stop();
});

async function pageAs(email: string): Promise<Page> {
  const page = await newPage(browser, server.baseURL);
  await logInAs(page.context(), server.databaseUrl, server.baseURL, email);
  return page;
}

/**
 * A video of someone else on the page plays: frames decoded (its size known, its time moving), as the other
 * side's fake camera sends them over the server.
 */
async function receivesRemoteVideo(page: Page): Promise<{ width: number; frames: number }> {
  const remote = '[data-lk-local-participant="false"] video';
  await page.waitForFunction(
    (selector) =>
      [...document.querySelectorAll<HTMLVideoElement>(selector)].some(
        (video) => video.videoWidth > 0 && video.readyState >= 2 && video.currentTime > 0,
      ),
    remote,
    { timeout: 45_000 },
  );
  return page.evaluate((selector) => {
    const video = [...document.querySelectorAll<HTMLVideoElement>(selector)].find((v) => v.videoWidth > 0);
    return {
      width: video?.videoWidth ?? 0,
      frames: video?.getVideoPlaybackQuality().totalVideoFrames ?? 0,
    };
  }, remote);
}

describe('the video room on a real LiveKit server', () => {
  it('lets the class that came early in from the lobby, and each side sees the other’s camera', async () => {
    const teacher = await pageAs(DEMO_ACCOUNTS.teacher);
    await teacher.goto(`/meeting-videoconference/${data.remoteSlot}`);
    await islandsReady(teacher);
    await teacher.getByLabel('Aperçu de votre caméra').waitFor();
    await teacher.getByRole('button', { name: 'Rejoindre', exact: true }).click();
    await teacher.getByRole('heading', { name: 'En attente de l’organisateur' }).waitFor();

    const host = await pageAs(DEMO_ACCOUNTS.recruiter);
    await host.goto(`/meeting-videoconference/${data.remoteSlot}`);
    await islandsReady(host);
    await host.getByLabel('Aperçu de votre caméra').waitFor();
    const panel = host.getByRole('complementary', { name: 'Animation de la rencontre' });
    await panel.getByRole('list', { name: 'Classes en attente' }).getByText(data.teacherName).waitFor();
    await panel.getByRole('button', { name: 'Ouvrir la salle aux classes' }).click();
    await panel.getByText(/La salle est ouverte/).waitFor();
    await host.getByRole('button', { name: 'Rejoindre', exact: true }).click();

    // The class enters by itself once the room opens; then each side's camera reaches the other.
    const atTeacher = await receivesRemoteVideo(teacher);
    const atHost = await receivesRemoteVideo(host);
    expect(atTeacher.width).toBeGreaterThan(0);
    expect(atHost.width).toBeGreaterThan(0);
    expect(atTeacher.frames).toBeGreaterThan(0);
    expect(atHost.frames).toBeGreaterThan(0);
    for (const page of [teacher, host]) await page.context().close();
  });
});
