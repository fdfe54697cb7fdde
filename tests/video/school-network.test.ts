import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { readConfig } from '../../server/kernel/config.ts';
import { loginAs } from '../fixtures/app.ts';
import { testNow } from '../fixtures/clock.ts';
import {
  firstRemoteFrame,
  pageAs,
  roomOf,
  startWalledVisit,
  type WalledVisit,
} from './support/walled-visit.ts';

/**
 * Issue 38, « Through the walls » (docs/decisions/0101): a class joins a remote visit from a school whose
 * firewall blocks UDP, or lets only TCP 443 out, or drops everything for five seconds; the company joins
 * from the open internet. LiveKit runs from livekit.yaml with its TURN behind a TLS front on 443, as in
 * production (tests/video/support/walled-visit.ts); `npm run test:video` gives it a network namespace of
 * its own. Each case: both sides decode the other's camera, and `getStats()` says which path the class's
 * media took.
 */
let visit: WalledVisit;

beforeAll(async () => {
  visit = await startWalledVisit({ slots: 3 });
}, 120_000);

afterAll(async () => {
  await visit?.stop();
});

/** The company, then the class, in the room of `slot`, each decoding the other's camera. */
async function bothInTheRoom(slot: number): Promise<{ classroom: Page; company: Page }> {
  const company = await pageAs(visit, visit.company, DEMO_ACCOUNTS.recruiter);
  const classroom = await pageAs(visit, visit.classroom, DEMO_ACCOUNTS.teacher);
  await keepPeerConnections(classroom);
  await (await roomOf(company, slot)).click();
  await (await roomOf(classroom, slot)).click();
  await firstRemoteFrame(classroom);
  await firstRemoteFrame(company);
  return { classroom, company };
}

/** Keeps the page's peer connections, to read which candidates carry its media and what their ICE went through. */
async function keepPeerConnections(page: Page): Promise<void> {
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

/** Each pair the page's transports selected: its own end (type, protocol, TURN's) and the server's. */
function selectedPairs(page: Page) {
  return page.evaluate(async () => {
    const found: { local: Record<string, string>; remote: Record<string, string | number> }[] = [];
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

/** Frames of the other side's camera decoded so far on the page. */
function framesDecoded(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.max(
      0,
      ...[...document.querySelectorAll<HTMLVideoElement>('[data-lk-local-participant="false"] video')].map(
        (video) => video.getVideoPlaybackQuality().totalVideoFrames,
      ),
    ),
  );
}

const rtc = () => visit.liveKit.settings.rtc as { tcp_port: number; udp_port: number };

describe('a class behind a school’s firewall', () => {
  it('gets its media over ICE/TCP when UDP is blocked both ways', async () => {
    visit.school.walls('udp-blocked');
    const { classroom, company } = await bothInTheRoom(visit.slots[0] ?? 0);
    const pairs = await selectedPairs(classroom);
    expect(pairs.length).toBeGreaterThan(0);
    // Chromium's end of an ICE/TCP pair is an active TCP candidate (peer-reflexive: its port is only known
    // once connected); the server's end is LiveKit's ICE/TCP port.
    for (const pair of pairs) {
      expect(pair.local).toEqual({ candidateType: expect.stringMatching(/^(host|prflx)$/), protocol: 'tcp' });
      expect(pair.remote).toEqual({ address: '10.99.0.1', port: rtc().tcp_port, protocol: 'tcp' });
    }
    for (const page of [classroom, company]) await page.context().close();
  });

  it('gets in through LiveKit’s TURN over TLS when only TCP 443 is open', async () => {
    visit.school.walls('tcp-443-only');
    const { classroom, company } = await bothInTheRoom(visit.slots[1] ?? 0);
    const pairs = await selectedPairs(classroom);
    expect(pairs.length).toBeGreaterThan(0);
    // A relayed candidate, allocated over TLS to turns:turn.visio.test:443 (the front), relaying to LiveKit's
    // media port.
    for (const pair of pairs) {
      expect(pair.local).toEqual({ candidateType: 'relay', protocol: 'udp', relayProtocol: 'tls' });
      expect(pair.remote).toEqual({ address: '10.99.0.1', port: rtc().udp_port, protocol: 'udp' });
    }
    expect(visit.front.passed.get('turn.visio.test')).toBeGreaterThan(0);
    for (const page of [classroom, company]) await page.context().close();
  });

  it('comes back by itself, without a reload, after its network dropped for 5 seconds', async () => {
    visit.school.walls('open');
    const { classroom, company } = await bothInTheRoom(visit.slots[2] ?? 0);
    await classroom.evaluate(() => Object.assign(window, { samePage: true }));
    const panel = company.getByRole('complementary', { name: 'Animation de la rencontre' });
    const classEntry = panel.getByRole('listitem').filter({ hasText: 'Camille Martin' });
    await classEntry.getByText(/dans la salle/).waitFor();

    visit.school.walls('cut');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const frozen = await framesDecoded(classroom);
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    // Nothing got through: the company's camera froze at the class.
    expect(await framesDecoded(classroom)).toBe(frozen);
    visit.school.walls('open');

    // Its media connections lost their path and found it again by themselves; the page is the same one.
    const iceAfterTheDrop = () =>
      classroom.evaluate(() =>
        (window as unknown as { iceStates: string[][] }).iceStates
          .filter((states) => states.includes('disconnected'))
          .map((states) => states.slice(states.lastIndexOf('disconnected')).join(' → ')),
      );
    await expect
      .poll(iceAfterTheDrop, { timeout: 20_000 })
      .toSatisfy(
        (after: string[]) => after.length > 0 && after.every((states) => / → connected$/.test(states)),
      );
    expect(await classroom.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    // The video plays again at both ends, and the company's list shows the class in the room.
    await expect.poll(() => framesDecoded(classroom), { timeout: 20_000 }).toBeGreaterThan(frozen + 10);
    const atCompany = await framesDecoded(company);
    await expect.poll(() => framesDecoded(company), { timeout: 20_000 }).toBeGreaterThan(atCompany + 10);
    await classEntry.getByText(/dans la salle/).waitFor();
    for (const page of [classroom, company]) await page.context().close();
  });
});

describe('the platform behind the same front', () => {
  it('calls LiveKit’s API at the address the browsers use', async () => {
    const { ADMIN_EMAIL } = readConfig({ ADMIN_EMAIL: process.env.ADMIN_EMAIL });
    const db = openDb(visit.server.databaseUrl);
    let session: string;
    try {
      const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
      session = await loginAs(db, admin?.id ?? 0, testNow());
    } finally {
      db.client.close();
    }
    const response = await fetch(`${visit.server.baseURL}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
      body: JSON.stringify({ query: '{ operations { videoServerOk } }' }),
    });
    expect(await response.json()).toEqual({ data: { operations: { videoServerOk: true } } });
  });
});
