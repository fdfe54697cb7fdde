import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { RoomServiceClient } from 'livekit-server-sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { type LocalLiveKit, liveKitBinary, startLiveKitDev } from '../../scripts/livekit-dev.ts';
import { createLiveKitRooms } from '../../server/ports/video-rooms/livekit.ts';
import { VIDEO_WEBHOOK_PATH } from '../../server/video/webhook.ts';
import { FAKE_CAMERA_AND_MICROPHONE, launchChromium } from '../e2e/support/browser.ts';
import { demoIds } from '../e2e/support/demo-meeting.ts';
import { type RunningServer, startServer } from '../e2e/support/server.ts';
import { pageLoggedInAs } from '../e2e/support/session.ts';
import { freePort } from '../fixtures/net.ts';
import { type RunningRedis, startRedis } from '../fixtures/redis-server.ts';
import { type RoundRobinFront, startRoundRobinFront } from '../fixtures/round-robin-front.ts';
import {
  classWaitsThenHostOpens,
  insertRemoteVisit,
  joinWith,
  receivesRemoteVideo,
  tokenOf,
} from './support/live-room.ts';

/**
 * Issue 38, « Beyond one server » (docs/decisions/0103): two LiveKit nodes started from livekit.yaml, sharing
 * one Redis (Debian's redis-server) and one API key, behind one address: a front of the test's own that
 * sends each new WebSocket and each API request to the next node in turn. The platform's LIVEKIT_URL and
 * the browsers know only that address. A room lives on one node (LiveKit picks it at random); the other
 * node relays the signalling and the API calls that reach it, through Redis.
 */
let redis: RunningRedis;
let nodes: LocalLiveKit[] = [];
/** Each node's id, as it registers in Redis (`nodes`, `room_node_map`). */
let nodeIds: string[] = [];
let front: RoundRobinFront;
let server: RunningServer;
let browser: Browser;
let closeReceiver: () => Promise<void> = async () => {};
/** The webhooks each node sent to the test's receiver (`/node-<index>`), signature checked. */
const webhooks: { node: number; event: string; room: string | null; identity: string | null }[] = [];
const key = { apiKey: 'passerelle', apiSecret: randomBytes(24).toString('base64url') };
const data = { slotId: 0, roomName: '', teacherId: 0, recruiterId: 0, teacherName: '' };
/** Which node holds the meeting's room, and the token the class joined with (test 1). */
const seen = { roomNode: -1, classToken: '' };
let teacher: Page;
let host: Page;

beforeAll(async () => {
  const bin = liveKitBinary();
  if (!bin) throw new Error('livekit-server is not installed: .ci/run installs it (README)');
  const port = await freePort();
  const adapter = createLiveKitRooms({ url: 'ws://127.0.0.1:1', ...key });
  const receiver = createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const event = await adapter.readWebhook(body, request.headers.authorization).catch(() => null);
    if (event) webhooks.push({ node: Number(request.url?.replace('/node-', '')), ...event });
    response.writeHead(event ? 200 : 401).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  closeReceiver = () => new Promise((resolve) => receiver.close(() => resolve()));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  redis = await startRedis();
  // Both from livekit.yaml, as production runs them: the same key, the same Redis; each posts its webhooks
  // to the platform and to the test's receiver under its own path.
  nodes = await Promise.all(
    [0, 1].map((node) =>
      startLiveKitDev({
        bin,
        key,
        settings: { redis: { address: redis.address } },
        webhookUrls: [`http://127.0.0.1:${port}${VIDEO_WEBHOOK_PATH}`, `${receiverUrl}/node-${node}`],
      }),
    ),
  );
  nodeIds = nodes.map((node) => /"nodeID": "(ND_\w+)"/.exec(node.output())?.[1] ?? '');
  front = await startRoundRobinFront(nodes.map((node) => node.url.replace(/^ws/, 'http')));
  [server, browser] = await Promise.all([
    startServer({
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      LIVEKIT_URL: front.url,
      LIVEKIT_API_KEY: key.apiKey,
      LIVEKIT_API_SECRET: key.apiSecret,
      // Its « video webhook » lines say what it did with a node's webhook.
      LOG_LEVEL: 'info',
    }),
    launchChromium({
      args: [
        ...FAKE_CAMERA_AND_MICROPHONE,
        '--allow-loopback-in-peer-connection',
        '--autoplay-policy=no-user-gesture-required',
      ],
    }),
  ]);
  const { teacherId, companyId } = await demoIds(server);
  const db = openDb(server.databaseUrl);
  try {
    const people = await db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
      .from(users);
    const teacher = people.find((person) => person.id === teacherId);
    const recruiter = people.find((person) => person.email === DEMO_ACCOUNTS.recruiter);
    if (!teacher || !recruiter) throw new Error('demo teacher or recruiter missing');
    // A remote intervention in 5 minutes: its room is open to the company, the class waits for it.
    const slotId = await insertRemoteVisit(db, companyId, teacherId);
    Object.assign(data, {
      slotId,
      roomName: `creneau-${slotId}`,
      teacherId,
      recruiterId: recruiter.id,
      teacherName: `${teacher.firstName} ${teacher.lastName}`,
    });
  } finally {
    db.client.close();
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await front?.close();
  await Promise.all(nodes.map((node) => node.stop()));
  await redis?.stop();
  await closeReceiver();
});

/** The test's own RoomService client, through the one address like the platform's. */
const roomService = () => new RoomServiceClient(front.url.replace(/^ws/, 'http'), key.apiKey, key.apiSecret);

/** The node that took the last API call `method` (MutePublishedTrack…) through the front. */
const lastCall = (method: string) =>
  front.routed.findLast((entry) => entry.kind === 'api' && entry.what === method);

/** The class's tile at the host's shows its microphone off (1) or on (0). */
const classMutedAtHost = () =>
  host
    .locator('[data-lk-local-participant="false"]')
    .filter({ hasText: data.teacherName })
    .getByLabel('Micro coupé')
    .count();

describe('two LiveKit nodes sharing one Redis, behind one address', () => {
  it('lands the host’s connection on one node and the class’s on the other, and each decodes the other’s camera', async () => {
    teacher = await pageLoggedInAs(browser, server, DEMO_ACCOUNTS.teacher);
    host = await pageLoggedInAs(browser, server, DEMO_ACCOUNTS.recruiter);
    const classToken = tokenOf(teacher);
    await classWaitsThenHostOpens({ teacher, host }, data.slotId, data.teacherName);

    const atTeacher = await receivesRemoteVideo(teacher);
    const atHost = await receivesRemoteVideo(host);
    expect(atTeacher.frames).toBeGreaterThan(0);
    expect(atHost.frames).toBeGreaterThan(0);

    // The front sent the two signalling connections to the two nodes, one each.
    const signalledOn = (identity: number) =>
      front.routed.find((entry) => entry.kind === 'signal' && entry.what === String(identity))?.node;
    expect([signalledOn(data.teacherId), signalledOn(data.recruiterId)].sort()).toEqual([0, 1]);
    // The room lives on one of them (Redis says which): the other relays its participant's signalling to it.
    seen.roomNode = nodeIds.indexOf((await redis.hget('room_node_map', data.roomName)) ?? '');
    expect(seen.roomNode).toBeGreaterThanOrEqual(0);
    seen.classToken = await classToken;
  });

  it('carries out the host’s controls whichever node takes the platform’s call', async () => {
    const panel = host.getByRole('complementary', { name: 'Animation de la rencontre' });
    const classEntry = panel.getByRole('listitem').filter({ hasText: data.teacherName });
    // The node that does not hold the room first, then the one that does.
    for (const node of [1 - seen.roomNode, seen.roomNode]) {
      // Muting asks for the room's participants (ListParticipants), then mutes (MutePublishedTrack): the
      // front's turn is set so that the mute itself reaches `node`.
      front.turnTo(1 - node);
      await classEntry.getByRole('button', { name: /^Couper le micro/ }).click({ timeout: 20_000 });
      await expect.poll(classMutedAtHost, { timeout: 20_000 }).toBe(1);
      expect(lastCall('MutePublishedTrack')?.node).toBe(node);
      // The class switches its microphone on again, as LiveKit lets it.
      await teacher.getByRole('button', { name: 'Micro', exact: true }).click();
      await expect.poll(classMutedAtHost, { timeout: 20_000 }).toBe(0);
    }

    // The end for all, through the node that does not hold the room.
    front.turnTo(1 - seen.roomNode);
    await panel.getByRole('button', { name: 'Terminer la rencontre pour tous' }).click();
    await host.getByRole('button', { name: 'Terminer la rencontre', exact: true }).click();
    await teacher.getByText('L’organisateur a fermé la salle.').waitFor({ timeout: 20_000 });
    expect(lastCall('DeleteRoom')?.node).toBe(1 - seen.roomNode);
    await expect
      .poll(async () => (await roomService().listRooms([data.roomName])).length, { timeout: 20_000 })
      .toBe(0);
    for (const page of [teacher, host]) await page.context().close();
  });

  it('brings both nodes’ webhooks to the platform, which acts on them', async () => {
    const ofRoom = (node: number, event: string) =>
      webhooks.filter((hook) => hook.node === node && hook.room === data.roomName && hook.event === event);
    // The meeting's events came from the node that held its room, and from it only.
    await expect.poll(() => ofRoom(seen.roomNode, 'room_finished').length, { timeout: 20_000 }).toBe(1);
    expect(ofRoom(seen.roomNode, 'participant_joined').map((hook) => hook.identity)).toEqual(
      expect.arrayContaining([String(data.teacherId), String(data.recruiterId)]),
    );
    expect(webhooks.filter((hook) => hook.node !== seen.roomNode && hook.room === data.roomName)).toEqual([]);

    // The ended meeting entered again with the class's token, its room placed on each node in turn: that
    // node tells the platform (participant_joined), which closes the room at once.
    for (const node of [1 - seen.roomNode, seen.roomNode]) {
      await roomService().createRoom({ name: data.roomName, nodeId: nodeIds[node] });
      expect(await redis.hget('room_node_map', data.roomName)).toBe(nodeIds[node]);
      const closedBefore = closings();
      expect(await joinWith(browser, front.url, seen.classToken)).toContain('disconnected');
      // At least once: a token replayed may join twice within the wait (livekit-client retries), and each
      // join is put out again (seen: 2 on a loaded run).
      expect(closings()).toBeGreaterThan(closedBefore);
      expect(ofRoom(node, 'participant_joined').map((hook) => hook.identity)).toContain(
        String(data.teacherId),
      );
      await expect
        .poll(async () => (await roomService().listRooms([data.roomName])).length, { timeout: 20_000 })
        .toBe(0);
    }
  });
});

/** How many times the platform closed a room again on a node's webhook (its « video webhook » log lines). */
function closings(): number {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('"message":"video webhook"') && line.includes('"done":"closed"')).length;
}
