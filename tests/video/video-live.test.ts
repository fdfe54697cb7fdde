import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { AccessToken, RoomServiceClient } from 'livekit-server-sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { meetings, users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { type LocalLiveKit, liveKitBinary, startLiveKitDev } from '../../scripts/livekit-dev.ts';
import { createLiveKitRooms } from '../../server/ports/video-rooms/livekit.ts';
import { VIDEO_WEBHOOK_PATH } from '../../server/video/webhook.ts';
import { FAKE_CAMERA_AND_MICROPHONE, islandsReady, launchChromium } from '../e2e/support/browser.ts';
import { demoIds } from '../e2e/support/demo-meeting.ts';
import { type RunningServer, startServer } from '../e2e/support/server.ts';
import { pageLoggedInAs } from '../e2e/support/session.ts';
import { insertSlot, insertUser, loginAs } from '../fixtures/app.ts';
import { testNow } from '../fixtures/clock.ts';
import { freePort } from '../fixtures/net.ts';
import {
  bareLiveKitPage,
  classWaitsThenHostOpens,
  insertRemoteVisit,
  joinWith,
  keepPeerConnections,
  receivesRemoteVideo,
  tokenOf,
} from './support/live-room.ts';

/**
 * Issue 23: the video room against a real LiveKit server (started from livekit.yaml by scripts/livekit-dev.ts),
 * bound to 127.0.0.1 and announcing 127.0.0.1 as its only ICE candidate, with Chromium's fake camera and
 * microphone. `npm run test:video` runs this file in a network namespace of its own where `lo` is the only
 * interface, so that Chromium has no other address either: media goes over loopback and nowhere else. CI
 * installs the server (.ci/run): without it this file fails, it is never skipped.
 */
let liveKit: LocalLiveKit;
let closeReceiver: () => Promise<void> = async () => {};
const webhooks: { event: string; room: string | null; identity: string | null }[] = [];
let server: RunningServer;
let browser: Browser;
const OTHER_TEACHER = 'deuxieme.classe@example.fr';
const data = {
  remoteSlot: 0,
  webinarSlot: 0,
  teacherName: '',
  otherName: 'Zoé Petit',
  thirdClassSession: '',
};

beforeAll(async () => {
  const bin = liveKitBinary();
  if (!bin) throw new Error('livekit-server is not installed: .ci/run installs it (README)');
  const port = await freePort();
  // LiveKit's signed webhooks go to the platform, and to a receiver of the test's own that reads them with
  // the platform's adapter (its signature check included): what arrived, in order.
  const receiver = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const event = await createLiveKitRooms({
      url: liveKit.url,
      apiKey: liveKit.apiKey,
      apiSecret: liveKit.apiSecret,
    })
      .readWebhook(body, request.headers.authorization)
      .catch(() => null);
    if (event) webhooks.push(event);
    response.writeHead(event ? 200 : 401).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  closeReceiver = () => new Promise((resolve) => receiver.close(() => resolve()));
  liveKit = await startLiveKitDev({
    bin,
    webhookUrls: [
      `http://127.0.0.1:${port}${VIDEO_WEBHOOK_PATH}`,
      `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`,
    ],
  });
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
        ...FAKE_CAMERA_AND_MICROPHONE,
        // The server's only candidate is 127.0.0.1: Chromium leaves loopback out of ICE unless told.
        '--allow-loopback-in-peer-connection',
        '--autoplay-policy=no-user-gesture-required',
      ],
    }),
  ]);
  const { teacherId, companyId } = await demoIds(server);
  const db = openDb(server.databaseUrl);
  try {
    const [teacher] = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, teacherId));
    if (!teacher) throw new Error('demo teacher missing');
    // A remote intervention in 5 minutes: its room is open to the company, the class waits for it.
    const remoteSlot = await insertRemoteVisit(db, companyId, teacher.id);
    // A webinar in 5 minutes, booked by two classes.
    const webinar = await insertSlot(db, companyId, new Date(testNow().getTime() + 5 * 60_000), {
      meetingType: 'Webinar',
    });
    const other = await insertUser(db, {
      kind: 'teacher',
      email: OTHER_TEACHER,
      firstName: 'Zoé',
      lastName: 'Petit',
    });
    const third = await insertUser(db, {
      kind: 'teacher',
      email: 'troisieme.classe@example.fr',
      firstName: 'Inès',
      lastName: 'Roux',
    });
    await db.insert(meetings).values(
      [teacher.id, other.id, third.id].map((teacherId) => ({
        slotId: webinar.id,
        teacherId,
        status: 'confirmed' as const,
        participantsCount: 20,
        publicCategory: 'highSchool' as const,
        charterAcceptedAt: testNow(),
      })),
    );
    Object.assign(data, {
      thirdClassSession: await loginAs(db, third.id, testNow()),
      remoteSlot,
      webinarSlot: webinar.id,
      teacherName: `${teacher.firstName} ${teacher.lastName}`,
    });
  } finally {
    db.client.close();
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await liveKit?.stop();
  await closeReceiver();
});

async function pageAs(email: string): Promise<Page> {
  const page = await pageLoggedInAs(browser, server, email);
  // Keeps the page's peer connections, to read which ICE candidates carry its media.
  await keepPeerConnections(page);
  return page;
}

/**
 * What a LiveKit transcription agent does: joins and sends a final segment on `lk.transcription`. It stays
 * in the room until `shown` resolves (leaving at once could race the stream's delivery).
 */
async function publishCaption(room: string, text: string, shown: () => Promise<void>): Promise<void> {
  const token = new AccessToken(liveKit.apiKey, liveKit.apiSecret, {
    identity: 'agent-sous-titres',
    name: 'Sous-titrage',
  });
  token.addGrant({ room, roomJoin: true, canPublish: false, canPublishData: true, canSubscribe: false });
  const { page, close } = await bareLiveKitPage(browser);
  await page.evaluate(
    async ({ url, jwt, text }) => {
      // biome-ignore lint/suspicious/noExplicitAny: livekit-client as the page loaded it.
      const { Room } = (window as any).client;
      const agent = new Room();
      await agent.connect(url, jwt);
      await agent.localParticipant.sendText(text, {
        topic: 'lk.transcription',
        attributes: { 'lk.segment_id': 'segment-1', 'lk.transcription_final': 'true' },
      });
      Object.assign(window, { agent });
    },
    { url: liveKit.url, jwt: await token.toJwt(), text },
  );
  try {
    await shown();
  } finally {
    // biome-ignore lint/suspicious/noExplicitAny: the agent's room, kept on the page.
    await page.evaluate(() => (window as any).agent.disconnect());
    await close();
  }
}

/** The token the platform gives a class of the webinar, asked as its own page does (GraphQL). */
async function audienceToken(session: string): Promise<string> {
  const response = await fetch(`${server.baseURL}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${session}`,
      origin: server.baseURL,
    },
    body: JSON.stringify({
      query: 'query ($slotId: ID!) { videoRoomAccess(slotId: $slotId) { token onStage } }',
      variables: { slotId: String(data.webinarSlot) },
    }),
  });
  const body = (await response.json()) as { data: { videoRoomAccess: { token: string; onStage: boolean } } };
  expect(body.data.videoRoomAccess.onStage).toBe(false);
  return body.data.videoRoomAccess.token;
}

/** Joins with `token` from a bare page and tries to publish its camera: « published » or « refused: … ». */
async function publishWith(token: string): Promise<string> {
  const { page, close } = await bareLiveKitPage(browser);
  const outcome = await page.evaluate(
    async ({ url, token }) => {
      // biome-ignore lint/suspicious/noExplicitAny: livekit-client as the page loaded it.
      const { Room } = (window as any).client;
      const room = new Room();
      await room.connect(url, token);
      try {
        await room.localParticipant.setCameraEnabled(true);
        return 'published';
      } catch (error) {
        return `refused: ${(error as Error).message}`;
      } finally {
        await room.disconnect();
      }
    },
    { url: liveKit.url, token },
  );
  await close();
  return outcome;
}

/** The addresses at both ends of every ICE candidate pair the page's media goes through. */
function mediaAddresses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const addresses = new Set<string>();
    for (const connection of (window as unknown as { peerConnections: RTCPeerConnection[] })
      .peerConnections) {
      if (connection.connectionState !== 'connected') continue;
      const stats = [...(await connection.getStats()).values()];
      const byId = new Map(stats.map((entry) => [entry.id, entry]));
      for (const pair of stats.filter((entry) => entry.type === 'candidate-pair' && entry.nominated)) {
        for (const id of [pair.localCandidateId, pair.remoteCandidateId])
          addresses.add(byId.get(id)?.address);
      }
    }
    return [...addresses];
  });
}

/** How many videos of other people play on the page (frames decoded, time moving). */
function remoteVideosPlaying(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLVideoElement>('[data-lk-local-participant="false"] video')].filter(
        (video) => video.videoWidth > 0 && video.readyState >= 2 && video.currentTime > 0,
      ).length,
  );
}

describe('the video room on a real LiveKit server', () => {
  it('lets the class that came early in from the lobby, and each side sees the other’s camera', async () => {
    const teacher = await pageAs(DEMO_ACCOUNTS.teacher);
    const host = await pageAs(DEMO_ACCOUNTS.recruiter);
    await classWaitsThenHostOpens({ teacher, host }, data.remoteSlot, data.teacherName);

    // The class enters by itself once the room opens; then each side's camera reaches the other.
    const atTeacher = await receivesRemoteVideo(teacher);
    const atHost = await receivesRemoteVideo(host);
    expect(atTeacher.width).toBeGreaterThan(0);
    expect(atHost.width).toBeGreaterThan(0);
    expect(atTeacher.frames).toBeGreaterThan(0);
    expect(atHost.frames).toBeGreaterThan(0);
    // Both ends of every pair carrying media are 127.0.0.1: in the test's network namespace, `lo` is all
    // there is (npm run test:video), and the server offers no other candidate.
    for (const page of [teacher, host]) expect(await mediaAddresses(page)).toEqual(['127.0.0.1']);

    // The chat, both ways, over the server's data channel.
    const say = async (page: Page, text: string) => {
      const chat = page.getByRole('region', { name: 'Discussion' });
      if (!(await chat.isVisible())) await page.getByRole('button', { name: 'Discussion' }).click();
      await chat.getByPlaceholder('Écrire un message…').fill(text);
      await chat.getByRole('button', { name: 'Envoyer' }).click();
    };
    const reads = (page: Page, text: string) =>
      page.getByRole('region', { name: 'Discussion' }).getByText(text).waitFor({ timeout: 20_000 });
    await say(teacher, 'Bonjour de la part de la 3e B !');
    await host.getByRole('button', { name: 'Discussion' }).click();
    await reads(host, 'Bonjour de la part de la 3e B !');
    await say(host, 'Bienvenue à l’atelier, on commence.');
    await reads(teacher, 'Bienvenue à l’atelier, on commence.');

    // A transcription agent publishes a segment in the room: both sides show it as a caption.
    await publishCaption(`creneau-${data.remoteSlot}`, 'Voici la ligne de soudage robotisée.', async () => {
      for (const page of [teacher, host]) {
        await page
          .getByRole('region', { name: 'Sous-titres' })
          .getByText('Voici la ligne de soudage robotisée.')
          .waitFor({ timeout: 20_000 });
      }
    });
    for (const page of [teacher, host]) await page.context().close();
  });

  it('runs a webinar: audience, raised hand, stage, mute, back to the audience, removal, the end for all', async () => {
    const rooms = new RoomServiceClient(
      liveKit.url.replace(/^ws/, 'http'),
      liveKit.apiKey,
      liveKit.apiSecret,
    );
    const roomName = `creneau-${data.webinarSlot}`;
    const host = await pageAs(DEMO_ACCOUNTS.recruiter);
    await host.goto(`/meeting-videoconference/${data.webinarSlot}`);
    await islandsReady(host);
    await host.getByLabel('Aperçu de votre caméra').waitFor();
    const panel = host.getByRole('complementary', { name: 'Animation de la rencontre' });
    await panel.getByRole('button', { name: 'Ouvrir la salle aux classes' }).click();
    await panel.getByText(/La salle est ouverte/).waitFor();
    await host.getByRole('button', { name: 'Rejoindre', exact: true }).click();

    const first = await pageAs(DEMO_ACCOUNTS.teacher);
    const second = await pageAs(OTHER_TEACHER);
    const secondToken = tokenOf(second);
    for (const page of [first, second]) {
      await page.goto(`/meeting-videoconference/${data.webinarSlot}`);
      await islandsReady(page);
      await page.getByRole('button', { name: 'Rejoindre', exact: true }).click();
    }
    // Both classes see the company; the server gives them no right to publish.
    await receivesRemoteVideo(first);
    await receivesRemoteVideo(second);
    const audience = async () =>
      (await rooms.listParticipants(roomName)).filter(
        (participant) => participant.permission?.canPublish === false,
      );
    await expect.poll(async () => (await audience()).length, { timeout: 20_000 }).toBe(2);
    // A third class, with the token the platform gives an audience, tries to publish its camera anyway:
    // the server refuses it.
    expect(await publishWith(await audienceToken(data.thirdClassSession))).toBe(
      'refused: failed to publish track, insufficient permissions',
    );

    // The first class raises its hand; the company brings it on stage; its camera reaches the others.
    await first.getByRole('button', { name: 'Lever la main' }).click();
    const hands = panel.getByRole('list', { name: 'Mains levées, dans l’ordre' });
    const raised = hands.getByRole('listitem').filter({ hasText: data.teacherName });
    await raised.waitFor({ timeout: 20_000 });
    await raised.getByRole('button', { name: /^Inviter sur scène/ }).click();
    await expect.poll(async () => (await audience()).length, { timeout: 20_000 }).toBe(1);
    await first.getByText(/L’organisateur vous invite sur scène/).waitFor();
    await first.getByRole('button', { name: 'Caméra', exact: true }).click();
    await first.getByRole('button', { name: 'Micro', exact: true }).click();
    // Its camera (Chromium's fake one) now plays at the company's and at the other class's.
    await expect.poll(() => remoteVideosPlaying(host), { timeout: 30_000 }).toBe(1);
    await expect.poll(() => remoteVideosPlaying(second), { timeout: 30_000 }).toBe(2);

    // The company mutes it: the others see its microphone off.
    const classes = panel.getByRole('listitem').filter({ hasText: data.teacherName });
    await classes.getByRole('button', { name: /^Couper le micro/ }).click({ timeout: 20_000 });
    await second.getByLabel('Micro coupé').first().waitFor({ timeout: 20_000 });
    await expect
      .poll(
        () =>
          second
            .locator('[data-lk-local-participant="false"]')
            .filter({ hasText: data.teacherName })
            .getByLabel('Micro coupé')
            .count(),
        { timeout: 20_000 },
      )
      .toBe(1);
    // Back to the audience: the server takes its right to publish back.
    await classes.getByRole('button', { name: /^Renvoyer dans le public/ }).click();
    await expect.poll(async () => (await audience()).length, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => remoteVideosPlaying(second), { timeout: 20_000 }).toBe(1);

    // The second class is removed: disconnected, and kept out.
    const secondEntry = panel.getByRole('listitem').filter({ hasText: data.otherName });
    await secondEntry.getByRole('button', { name: /^Retirer de la salle/ }).click();
    await host.getByRole('button', { name: 'Retirer la classe' }).click();
    await expect
      .poll(async () => (await rooms.listParticipants(roomName)).map((p) => p.identity).length, {
        timeout: 20_000,
      })
      .toBe(2);
    await second.getByText('L’organisateur vous a retiré de la salle.').waitFor();
    // Its token is still valid for LiveKit (self-hosted, it does not revoke one): joining with it again gets
    // in, LiveKit's signed webhook (participant_joined) tells the platform, which puts it out at once — here
    // before its media even connected.
    expect(await joinWith(browser, liveKit.url, await secondToken)).toContain('disconnected');
    // The end for everyone: each page is disconnected and told, and the room is gone from the server.
    await panel.getByRole('button', { name: 'Terminer la rencontre pour tous' }).click();
    await host.getByRole('button', { name: 'Terminer la rencontre', exact: true }).click();
    await expect.poll(async () => (await rooms.listRooms([roomName])).length, { timeout: 20_000 }).toBe(0);
    // LiveKit told it all, signed: each class and the company joining and leaving, then the room finished.
    const ofRoom = (event: string) =>
      webhooks.filter((hook) => hook.room === roomName && hook.event === event);
    await expect.poll(() => ofRoom('room_finished').length, { timeout: 20_000 }).toBe(1);
    expect(ofRoom('participant_joined').length).toBeGreaterThanOrEqual(3);
    expect(ofRoom('participant_left').length).toBeGreaterThanOrEqual(3);
    await first.getByText('L’organisateur a fermé la salle.').waitFor({ timeout: 20_000 });
    for (const page of [host, first, second]) await page.context().close();
  });
});
