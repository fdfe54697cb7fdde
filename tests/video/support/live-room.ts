import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import type { Db } from '../../../db/client.ts';
import { meetings } from '../../../db/schema.ts';
import { islandsReady } from '../../e2e/support/browser.ts';
import { insertSlot } from '../../fixtures/app.ts';
import { testNow } from '../../fixtures/clock.ts';

/**
 * What the live video tests share (tests/video/): a remote visit booked, a remote video seen playing, a bare
 * livekit-client page, the token the platform hands a page, a token replayed from a bare page.
 */

/** A remote intervention of `companyId` in 5 minutes, booked by `teacherId`'s class: its slot's id. */
export async function insertRemoteVisit(db: Db, companyId: number, teacherId: number): Promise<number> {
  const slot = await insertSlot(db, companyId, new Date(testNow().getTime() + 5 * 60_000), {
    meetingType: 'ClassroomIntervention',
  });
  await db.insert(meetings).values({
    slotId: slot.id,
    teacherId,
    status: 'confirmed',
    participantsCount: 12,
    publicCategory: 'highSchool',
    charterAcceptedAt: testNow(),
  });
  return slot.id;
}

/**
 * A video of someone else on the page plays: frames decoded (its size known, its time moving), as the other
 * side's fake camera sends them over the server.
 */
export async function receivesRemoteVideo(page: Page): Promise<{ width: number; frames: number }> {
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

/**
 * A bare page running livekit-client by itself, no platform around it: what an agent or a replayed token
 * does. Served by a real local server: Chromium's Local Network Access refuses a page the test fulfilled
 * itself (not fetched from loopback) to reach the LiveKit server on 127.0.0.1.
 */
export async function bareLiveKitPage(browser: Browser): Promise<{ page: Page; close(): Promise<void> }> {
  const pageServer = createServer((request, response) => {
    if (request.url?.endsWith('.mjs')) {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(readFileSync('node_modules/livekit-client/dist/livekit-client.esm.mjs'));
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>LiveKit</title><script type="module">
      import * as client from '/livekit-client.esm.mjs'; window.client = client;</script>`);
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${(pageServer.address() as AddressInfo).port}/`);
  await page.waitForFunction(() => 'client' in window);
  return {
    page,
    async close() {
      await page.close();
      await new Promise((resolve) => pageServer.close(resolve));
    },
  };
}

/** The token the platform hands the page for its room, read from its answer. */
export function tokenOf(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.on('response', async (response) => {
      if (!response.url().endsWith('/graphql')) return;
      const body = (await response.json().catch(() => null)) as {
        data?: { videoRoomAccess?: { token: string } };
      } | null;
      if (body?.data?.videoRoomAccess) resolve(body.data.videoRoomAccess.token);
    });
  });
}

/**
 * Joins LiveKit at `url` with `token` from a bare page; what happened within 5 seconds: connected, then put
 * out or not.
 */
export async function joinWith(browser: Browser, url: string, token: string): Promise<string[]> {
  const { page, close } = await bareLiveKitPage(browser);
  const seen = await page.evaluate(
    async ({ url, token }) => {
      // biome-ignore lint/suspicious/noExplicitAny: livekit-client as the page loaded it.
      const { Room, RoomEvent } = (window as any).client;
      const room = new Room();
      const events: string[] = [];
      room.on(RoomEvent.Disconnected, () => events.push('disconnected'));
      try {
        await room.connect(url, token);
        events.push('connected');
      } catch (error) {
        events.push(`refused: ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      return events;
    },
    { url, token },
  );
  await close();
  return seen;
}

/**
 * A remote intervention's start: the class joins and waits in the lobby, the company sees it waiting, opens
 * the room and joins. The class then enters by itself.
 */
export async function classWaitsThenHostOpens(
  pages: { teacher: Page; host: Page },
  slotId: number,
  teacherName: string,
): Promise<void> {
  const { teacher, host } = pages;
  await teacher.goto(`/meeting-videoconference/${slotId}`);
  await islandsReady(teacher);
  await teacher.getByLabel('Aperçu de votre caméra').waitFor();
  await teacher.getByRole('button', { name: 'Rejoindre', exact: true }).click();
  await teacher.getByRole('heading', { name: 'En attente de l’organisateur' }).waitFor();

  await host.goto(`/meeting-videoconference/${slotId}`);
  await islandsReady(host);
  await host.getByLabel('Aperçu de votre caméra').waitFor();
  const panel = host.getByRole('complementary', { name: 'Animation de la rencontre' });
  await panel.getByRole('list', { name: 'Classes en attente' }).getByText(teacherName).waitFor();
  await panel.getByRole('button', { name: 'Ouvrir la salle aux classes' }).click();
  await panel.getByText(/La salle est ouverte/).waitFor();
  await host.getByRole('button', { name: 'Rejoindre', exact: true }).click();
}

/** Keeps the page's peer connections, to read which candidates carry its media and what their ICE went through. */
export async function keepPeerConnections(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const connections: RTCPeerConnection[] = [];
    // Each connection's ICE states, in order.
    const iceStates: string[][] = [];
    Object.assign(window, { peerConnections: connections, iceStates });
    window.RTCPeerConnection = class extends Native {
      constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
        super(...args);
        const states: string[] = [];
        connections.push(this);
        iceStates.push(states);
        this.addEventListener('iceconnectionstatechange', () => states.push(this.iceConnectionState));
      }
    };
  });
}
