import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { DEMO_ACCOUNTS } from '../../db/seed/index.ts';
import { readConfig } from '../../server/kernel/config.ts';
import { loginAs } from '../fixtures/app.ts';
import { testNow } from '../fixtures/clock.ts';
import { keepPeerConnections } from './support/live-room.ts';
import {
  firstRemoteFrame,
  pageAs,
  pathOf,
  roomOf,
  selectedPairs,
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

afterEach(async () => {
  // A case that failed leaves no page in a room for the next one.
  for (const browser of [visit.company, visit.classroom]) {
    for (const context of browser.contexts()) await context.close();
  }
});

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
  it('gets its media over TCP when UDP is blocked both ways: ICE/TCP, or TURN/TLS if that connected first', async () => {
    visit.school.walls('udp-blocked');
    const { classroom } = await bothInTheRoom(visit.slots[0] ?? 0);
    const pairs = await selectedPairs(classroom);
    expect(pairs.length).toBeGreaterThan(0);
    // Both paths are open to it. Chromium gathers its TURN/TLS candidate before its ICE/TCP one and stops
    // gathering once a pair works: when TURN/TLS through the front answered first (here, a few hundred
    // milliseconds), there is no ICE/TCP pair at all (docs/decisions/0101). Never UDP.
    for (const pair of pairs) {
      if (pathOf(pair) === 'ICE/TCP') {
        // Chromium's end is an active TCP candidate (peer-reflexive: its port is known once connected); the
        // server's end is LiveKit's ICE/TCP port.
        expect(pair.local).toEqual({
          candidateType: expect.stringMatching(/^(host|prflx)$/),
          protocol: 'tcp',
        });
        expect(pair.remote).toEqual({ address: '10.99.0.1', port: rtc().tcp_port, protocol: 'tcp' });
      } else {
        expect(pair.local).toEqual({ candidateType: 'relay', protocol: 'udp', relayProtocol: 'tls' });
      }
    }
  });

  it('gets in through LiveKit’s TURN over TLS when only TCP 443 is open', async () => {
    visit.school.walls('tcp-443-only');
    const { classroom } = await bothInTheRoom(visit.slots[1] ?? 0);
    const pairs = await selectedPairs(classroom);
    expect(pairs.length).toBeGreaterThan(0);
    // A relayed candidate, allocated over TLS to turns:turn.visio.test:443 (the front), relaying to LiveKit's
    // media port.
    for (const pair of pairs) {
      expect(pair.local).toEqual({ candidateType: 'relay', protocol: 'udp', relayProtocol: 'tls' });
      expect(pair.remote).toEqual({ address: '10.99.0.1', port: rtc().udp_port, protocol: 'udp' });
    }
    expect(visit.front.passed.get('turn.visio.test')).toBeGreaterThan(0);
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
