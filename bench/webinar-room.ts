import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AccessToken } from 'livekit-server-sdk';
import type { Browser, Page } from 'playwright-core';
import type { LocalLiveKit } from '../scripts/livekit-dev.ts';
import { grantOf, roomNameOf } from '../server/video/access.ts';

/**
 * A webinar on a real LiveKit server, played by bare livekit-client pages (issue 38, decision 0104): one host
 * publishing Chromium's fake camera and microphone as the platform's room does (`createLocalTracks` with
 * the defaults, `adaptiveStream` and `dynacast`: islands/video/livekit-port.tsx), and classes in the
 * audience subscribing with the tokens the platform gives them (`grantOf`: no right to publish). Each class
 * shows the stage at 1280×720, as a class projects it, so that LiveKit sends it the host's top layer.
 * The pages come from a loopback server: Chromium's Local Network Access refuses a page fulfilled by the
 * test to reach LiveKit on 127.0.0.1.
 */
export const STAGE = { width: 1280, height: 720 };

/** The page: livekit-client, every peer connection kept for getStats, and the stage's size. */
const PAGE = `<!doctype html><title>Webinaire</title>
<style>body{margin:0} video{width:${STAGE.width}px;height:${STAGE.height}px;display:block}</style>
<script>
  const Native = window.RTCPeerConnection;
  window.peerConnections = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) { super(...args); window.peerConnections.push(this); }
  };
</script>
<script type="module">import * as client from '/livekit-client.esm.mjs'; window.client = client;</script>`;

export interface PageServer {
  url: string;
  close(): Promise<void>;
}

/** Serves the page and livekit-client on 127.0.0.1. */
export async function startPageServer(): Promise<PageServer> {
  const script = readFileSync('node_modules/livekit-client/dist/livekit-client.esm.mjs');
  const server = createServer((request, response) => {
    if (request.url?.endsWith('.mjs')) {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(script);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The token of the platform for this role and place (server/video/access.ts's grant), valid an hour. */
export async function webinarToken(
  liveKit: LocalLiveKit,
  slotId: number,
  identity: string,
  role: 'host' | 'audience',
): Promise<string> {
  const token = new AccessToken(liveKit.apiKey, liveKit.apiSecret, { identity, name: identity, ttl: 3600 });
  token.addGrant(
    role === 'host'
      ? grantOf('host', roomNameOf(slotId))
      : grantOf('participant', roomNameOf(slotId), 'audience'),
  );
  return token.toJwt();
}

/** What the host's camera captures (the fake device's settings once the platform's constraints applied). */
export interface Capture {
  width: number;
  height: number;
  frameRate: number;
}

/** Opens the page in a context of its own of `browser`, livekit-client loaded. */
async function openPage(browser: Browser, pageServer: PageServer): Promise<Page> {
  const context = await browser.newContext({ viewport: STAGE });
  const page = await context.newPage();
  await page.goto(pageServer.url);
  await page.waitForFunction(() => 'client' in window);
  return page;
}

/** The host joins and publishes its camera and microphone as the platform's room does. */
export async function joinAsHost(
  browser: Browser,
  pageServer: PageServer,
  url: string,
  token: string,
): Promise<{ page: Page; capture: Capture }> {
  const page = await openPage(browser, pageServer);
  const capture = await page.evaluate(
    async ({ url, token }) => {
      // biome-ignore lint/suspicious/noExplicitAny: livekit-client as the page loaded it.
      const { Room, createLocalTracks } = (window as any).client;
      const room = new Room({ adaptiveStream: true, dynacast: true });
      await room.connect(url, token);
      const tracks = await createLocalTracks({ video: true, audio: true });
      for (const track of tracks) await room.localParticipant.publishTrack(track);
      Object.assign(window, { room });
      // biome-ignore lint/suspicious/noExplicitAny: a LocalTrack of livekit-client.
      const camera = tracks.find((track: any) => track.kind === 'video');
      const settings = camera.mediaStreamTrack.getSettings();
      return { width: settings.width, height: settings.height, frameRate: settings.frameRate };
    },
    { url, token },
  );
  return { page, capture };
}

/** A class joins the audience: it plays what it receives, the video on the stage's size. */
export async function joinAudience(
  browser: Browser,
  pageServer: PageServer,
  url: string,
  token: string,
): Promise<Page> {
  const page = await openPage(browser, pageServer);
  await page.evaluate(
    async ({ url, token }) => {
      // biome-ignore lint/suspicious/noExplicitAny: livekit-client as the page loaded it.
      const { Room, RoomEvent } = (window as any).client;
      const room = new Room({ adaptiveStream: true, dynacast: true });
      // biome-ignore lint/suspicious/noExplicitAny: a RemoteTrack of livekit-client.
      room.on(RoomEvent.TrackSubscribed, (track: any) => {
        const element = track.attach();
        document.body.append(element);
      });
      await room.connect(url, token);
      Object.assign(window, { room });
    },
    { url, token },
  );
  return page;
}

/** Waits until the page decodes the host's video at the stage's size. */
export async function receivesStage(page: Page, timeoutMs = 60_000): Promise<void> {
  await page.waitForFunction(
    ({ width }) =>
      [...document.querySelectorAll('video')].some(
        (video) => video.videoWidth >= width && video.readyState >= 2 && video.currentTime > 0,
      ),
    STAGE,
    { timeout: timeoutMs },
  );
}

/** The video counters of a page's peer connections, summed by direction (the host's: its top layer). */
export interface VideoCounters {
  /** When read, in ms (the stats' own clock). */
  at: number;
  frames: number;
  packets: number;
  packetsLost: number;
  /** The audience's bytes received, video and audio. */
  bytes: number;
  frameWidth: number;
  /** The host's encoder: why its top layer is limited ('none', 'cpu', 'bandwidth'). */
  limitation: string;
}

/** Reads the page's video counters: the top layer sent (host) or every video received (audience). */
export function videoCounters(page: Page, direction: 'sent' | 'received'): Promise<VideoCounters> {
  return page.evaluate(async (direction) => {
    const counters = {
      at: 0,
      frames: 0,
      packets: 0,
      packetsLost: 0,
      bytes: 0,
      frameWidth: 0,
      limitation: 'none',
    };
    // biome-ignore lint/suspicious/noExplicitAny: RTCStats entries, read by their type.
    const entries: any[] = [];
    for (const connection of (window as unknown as { peerConnections: RTCPeerConnection[] })
      .peerConnections) {
      if (connection.connectionState === 'closed') continue;
      entries.push(...(await connection.getStats()).values());
    }
    counters.at = Math.max(0, ...entries.map((entry) => entry.timestamp));
    if (direction === 'sent') {
      const layers = entries.filter((entry) => entry.type === 'outbound-rtp' && entry.kind === 'video');
      const top = layers.sort((a, b) => (b.frameWidth ?? 0) - (a.frameWidth ?? 0))[0];
      const remote = entries.find(
        (entry) => entry.type === 'remote-inbound-rtp' && entry.localId === top?.id,
      );
      Object.assign(counters, {
        frames: top?.framesSent ?? 0,
        packets: top?.packetsSent ?? 0,
        packetsLost: remote?.packetsLost ?? 0,
        frameWidth: top?.frameWidth ?? 0,
        limitation: top?.qualityLimitationReason ?? 'none',
      });
    } else {
      for (const entry of entries.filter((entry) => entry.type === 'inbound-rtp')) {
        counters.bytes += entry.bytesReceived ?? 0;
        if (entry.kind !== 'video') continue;
        counters.frames += entry.framesDecoded ?? 0;
        counters.packets += entry.packetsReceived ?? 0;
        counters.packetsLost += entry.packetsLost ?? 0;
        counters.frameWidth = Math.max(counters.frameWidth, entry.frameWidth ?? 0);
      }
    }
    return counters;
  }, direction);
}
