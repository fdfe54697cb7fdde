import type { Browser, Locator, Page } from 'playwright-core';
import { openDb } from '../../../db/client.ts';
import { videoRooms } from '../../../db/schema.ts';
import { type LocalLiveKit, liveKitBinary, startLiveKitDev } from '../../../scripts/livekit-dev.ts';
import { VIDEO_WEBHOOK_PATH } from '../../../server/video/webhook.ts';
import {
  CHROMIUM,
  FAKE_CAMERA_AND_MICROPHONE,
  islandsReady,
  launchChromium,
} from '../../e2e/support/browser.ts';
import { demoIds } from '../../e2e/support/demo-meeting.ts';
import { type RunningServer, startServer } from '../../e2e/support/server.ts';
import { pageLoggedInAs } from '../../e2e/support/session.ts';
import { testNow } from '../../fixtures/clock.ts';
import { freePort } from '../../fixtures/net.ts';
import {
  makeSchoolNetwork,
  resolvingNames,
  type SchoolNetwork,
  SERVER_ADDRESS,
} from '../../fixtures/school-network.ts';
import { makeTestCertificates } from '../../fixtures/test-ca.ts';
import { startTlsFront, type TlsFront } from '../../fixtures/tls-front.ts';
import { insertRemoteVisit } from './live-room.ts';

/**
 * A remote visit as production serves it, behind a school's walls (issue 38, docs/decisions/0101): in the
 * test's network namespace (the internet), the platform, LiveKit started from livekit.yaml with its TURN
 * and a TLS front on port 443 of `SERVER_ADDRESS` that routes by name (the platform, LiveKit's signalling,
 * LiveKit's TURN with TLS removed); the company's Chromium in the open, the class's inside the school's
 * network (tests/fixtures/school-network.ts), whose firewall the test sets. Both trust the test's own
 * authority through their NSS database; no check is turned off. Shared by the test and `bench/video-walls.ts`.
 */
export const NAMES = {
  platform: 'passerelle.test',
  signalling: 'visio.test',
  turn: 'turn.visio.test',
} as const;
export const PUBLIC_URL = `https://${NAMES.platform}`;

export interface WalledVisit {
  school: SchoolNetwork;
  server: RunningServer;
  liveKit: LocalLiveKit;
  front: TlsFront;
  /** The company's Chromium, in the open. */
  company: Browser;
  /** The class's Chromium, inside the school. */
  classroom: Browser;
  /** Remote interventions in five minutes, their rooms open, each booked by the demo teacher. */
  slots: number[];
  stop(): Promise<void>;
}

export async function startWalledVisit(options: { slots: number; rateLimits?: 'off' }): Promise<WalledVisit> {
  const bin = liveKitBinary();
  if (!bin) throw new Error('livekit-server is not installed: .ci/run installs it (README)');
  const school = await makeSchoolNetwork();
  const certificates = makeTestCertificates(Object.values(NAMES));
  const stops: (() => Promise<void> | void)[] = [() => certificates.remove(), () => school.stop()];
  const stop = async () => {
    for (const step of stops.reverse()) await step();
  };
  try {
    const port = await freePort();
    const [turnPort, turnUdpPort] = [await freePort(), await freePort()];
    const liveKit = await startLiveKitDev({
      bin,
      webhookUrls: [`http://127.0.0.1:${port}${VIDEO_WEBHOOK_PATH}`],
      settings: liveKitBehindTheFront(turnPort, turnUdpPort),
    });
    stops.push(() => liveKit.stop());
    const front = await startTlsFront({
      host: SERVER_ADDRESS,
      port: 443,
      cert: certificates.cert,
      key: certificates.key,
      routes: {
        [NAMES.platform]: { host: '127.0.0.1', port },
        [NAMES.signalling]: { host: '127.0.0.1', port: Number(liveKit.settings.port) },
        [NAMES.turn]: { host: '127.0.0.1', port: turnPort },
      },
    });
    stops.push(() => front.stop());
    // The platform calls LiveKit's API where the browsers reach it, through the front: it finds the name
    // as DNS would give it and trusts the authority as it would a public one. Nothing else changes.
    const server = await startServer(
      {
        PORT: String(port),
        PUBLIC_URL,
        LIVEKIT_URL: `wss://${NAMES.signalling}`,
        LIVEKIT_API_KEY: liveKit.apiKey,
        LIVEKIT_API_SECRET: liveKit.apiSecret,
        NODE_EXTRA_CA_CERTS: certificates.caFile,
        ...(options.rateLimits ? { RATE_LIMIT: options.rateLimits } : {}),
      },
      { wrapper: resolvingNames(Object.values(NAMES), certificates.dir) },
    );
    stops.push(() => server.stop());
    const launch = (executablePath: string) =>
      launchChromium({
        executablePath,
        env: { ...process.env, HOME: certificates.home },
        args: [
          ...FAKE_CAMERA_AND_MICROPHONE,
          '--autoplay-policy=no-user-gesture-required',
          // The names, as DNS would give them: the front's address for all three. WebRTC asks for a TURN
          // server's name as a fully qualified one, with its final dot (turn.visio.test.): a rule for the
          // name without it does not match, and that lookup would wait for a DNS server there is none of.
          `--host-resolver-rules=${Object.values(NAMES)
            .flatMap((name) => [`MAP ${name} ${SERVER_ADDRESS}`, `MAP ${name}. ${SERVER_ADDRESS}`])
            .join(', ')}`,
        ],
      });
    const [company, classroom] = await Promise.all([launch(CHROMIUM), launch(school.wrapper(CHROMIUM))]);
    stops.push(
      () => company.close(),
      () => classroom.close(),
    );
    return {
      school,
      server,
      liveKit,
      front,
      company,
      classroom,
      slots: await openRemoteVisits(server, options.slots),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * livekit.yaml's TURN as production runs it, on this network: the node's address is `SERVER_ADDRESS` (its
 * only candidate), TURN/TLS behind the front (`external_tls`) on a free port, and TURN may relay to that
 * address although it is private (in production the node's address is public: nothing to allow).
 */
function liveKitBehindTheFront(turnPort: number, turnUdpPort: number) {
  return {
    rtc: {
      node_ip: SERVER_ADDRESS,
      enable_loopback_candidate: false,
      ips: { includes: [`${SERVER_ADDRESS}/32`] },
    },
    turn: {
      enabled: true,
      domain: NAMES.turn,
      tls_port: turnPort,
      udp_port: turnUdpPort,
      allow_restricted_peer_cidrs: [`${SERVER_ADDRESS}/32`],
    },
  };
}

async function openRemoteVisits(server: RunningServer, count: number): Promise<number[]> {
  const { teacherId, companyId } = await demoIds(server);
  const db = openDb(server.databaseUrl);
  try {
    const slots: number[] = [];
    for (let i = 0; i < count; i++) {
      const slot = await insertRemoteVisit(db, companyId, teacherId);
      await db.insert(videoRooms).values({ slotId: slot, openedAt: testNow() });
      slots.push(slot);
    }
    return slots;
  } finally {
    db.client.close();
  }
}

/** A page of a context of its own in `browser`, logged in as the demo user `email` on the public address. */
export function pageAs(visit: WalledVisit, browser: Browser, email: string): Promise<Page> {
  return pageLoggedInAs(browser, { baseURL: PUBLIC_URL, databaseUrl: visit.server.databaseUrl }, email);
}

/** Opens the video room of `slot` in `page`; its « Rejoindre » button, ready to click. */
export async function roomOf(page: Page, slot: number): Promise<Locator> {
  await page.goto(`/meeting-videoconference/${slot}`);
  await islandsReady(page);
  const button = page.getByRole('button', { name: 'Rejoindre', exact: true });
  await button.waitFor();
  return button;
}

/** Resolves once a video of someone else plays on the page: its first frame decoded. */
export async function firstRemoteFrame(page: Page, timeout = 45_000): Promise<void> {
  await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLVideoElement>('[data-lk-local-participant="false"] video')].some(
        (video) => video.videoWidth > 0 && video.readyState >= 2,
      ),
    null,
    { timeout, polling: 'raf' },
  );
}

/** A pair of ICE candidates: the page's end (type, protocol, TURN's protocol) and the server's. */
export interface CandidatePair {
  local: { candidateType: string; protocol: string; relayProtocol?: string };
  remote: { address: string; port: number; protocol: string };
}

/** Each pair the page's transports selected (its peer connections kept by `keepPeerConnections`). */
export function selectedPairs(page: Page): Promise<CandidatePair[]> {
  return page.evaluate(async () => {
    const found: CandidatePair[] = [];
    for (const connection of (window as unknown as { peerConnections: RTCPeerConnection[] })
      .peerConnections) {
      if (connection.connectionState !== 'connected') continue;
      const stats = [...(await connection.getStats()).values()];
      const byId = new Map(stats.map((entry) => [entry.id, entry]));
      for (const transport of stats.filter((entry) => entry.type === 'transport')) {
        const pair = byId.get(transport.selectedCandidatePairId);
        const local = pair && byId.get(pair.localCandidateId);
        const remote = pair && byId.get(pair.remoteCandidateId);
        if (!local || !remote) continue;
        found.push({
          local: {
            candidateType: local.candidateType,
            protocol: local.protocol,
            ...(local.relayProtocol ? { relayProtocol: local.relayProtocol } : {}),
          },
          remote: { address: remote.address, port: remote.port, protocol: remote.protocol },
        });
      }
    }
    return found;
  });
}

/** How a pair carries the page's media: straight over UDP or TCP, or relayed by TURN (over UDP, TCP or TLS). */
export function pathOf(pair: CandidatePair): string {
  return pair.local.candidateType === 'relay'
    ? `TURN/${(pair.local.relayProtocol ?? '?').toUpperCase()}`
    : pair.local.protocol === 'tcp'
      ? 'ICE/TCP'
      : 'UDP';
}
