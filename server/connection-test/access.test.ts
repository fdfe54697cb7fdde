import { TokenVerifier, TrackSource } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECTION_CHECKS, CONNECTION_TEST } from '../../common/connection-test.ts';
import { createTestApp, TEST_NOW } from '../../tests/fixtures/app.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const LIVEKIT = {
  LIVEKIT_URL: 'wss://visio.passerelle.test',
  LIVEKIT_API_KEY: 'APIcle-de-test',
  LIVEKIT_API_SECRET: 'un-secret-de-test-suffisamment-long-pour-hs256',
  // The address is CF-Connecting-IP's: the test plays several.
  TRUST_PROXY: 'cloudflare',
};
const ACCESS = `mutation { connectionTestAccess { serverUrl roomName expiresAt tokens { check token } } }`;

interface Access {
  serverUrl: string;
  roomName: string;
  expiresAt: string;
  tokens: { check: string; token: string }[];
}

let t: TestApp;
let bare: TestApp;

const from = (address: string, app = t) =>
  app.graphql<{ connectionTestAccess: Access }>(ACCESS, {}, { headers: { 'cf-connecting-ip': address } });

beforeAll(async () => {
  t = await createTestApp({ env: LIVEKIT });
  bare = await createTestApp({ env: { TRUST_PROXY: 'cloudflare' } });
});
afterAll(() => {
  t.close();
  bare.close();
});

describe('connectionTestAccess: a test room of one’s own', () => {
  it('gives anyone, logged in or not, a token per check for a new test-connexion room, for five minutes', async () => {
    const [first, second] = [await from('203.0.113.1'), await from('203.0.113.1')];
    const access = first.data?.connectionTestAccess;
    expect(first.errors).toBeUndefined();
    expect(access?.serverUrl).toBe(LIVEKIT.LIVEKIT_URL);
    expect(access?.roomName).toMatch(/^test-connexion-[0-9a-f-]{36}$/);
    expect(second.data?.connectionTestAccess.roomName).not.toBe(access?.roomName);
    expect(access?.expiresAt).toBe(new Date(TEST_NOW.getTime() + 5 * 60_000).toISOString());
    expect(access?.tokens.map((entry) => entry.check)).toEqual([...CONNECTION_CHECKS]);

    const verifier = new TokenVerifier(LIVEKIT.LIVEKIT_API_KEY, LIVEKIT.LIVEKIT_API_SECRET);
    for (const { check, token } of access?.tokens ?? []) {
      const claims = await verifier.verify(token, 60 * 60 * 24 * 365 * 10);
      expect(claims.sub).toBe(`test-connexion-${check}`);
      // Minted now (the real clock: livekit-server-sdk's), good for five minutes.
      expect((claims.exp ?? 0) - (claims.nbf ?? 0)).toBe(CONNECTION_TEST.tokenMinutes * 60);
      const publishes =
        check === 'camera' ? [TrackSource.CAMERA] : check === 'microphone' ? [TrackSource.MICROPHONE] : [];
      expect(claims.video).toEqual({
        room: access?.roomName,
        roomJoin: true,
        canPublish: publishes.length > 0,
        canPublishSources: publishes.map((source) => TrackSource[source].toLowerCase()),
        canSubscribe: false,
        canPublishData: false,
        canUpdateOwnMetadata: false,
      });
      // LiveKit creates the room from the token with timeouts that close it once the checks left.
      expect(claims.roomConfig).toMatchObject({
        emptyTimeout: CONNECTION_TEST.emptyTimeoutSeconds,
        departureTimeout: CONNECTION_TEST.departureTimeoutSeconds,
      });
    }
  });

  it('is limited per address: the 21st test of an hour from one address is refused, not another’s', async () => {
    const address = '198.51.100.20';
    for (let i = 0; i < RATE_LIMITS.connectionTest.limit; i++) {
      expect((await from(address)).errors).toBeUndefined();
    }
    const refused = await from(address);
    expect(refused.errors?.[0]?.extensions?.code).toBe('rate_limited');
    expect(refused.errors?.[0]?.message).toBe('Trop de tentatives. Veuillez réessayer plus tard.');
    expect((await from('198.51.100.21')).errors).toBeUndefined();
  });

  it('answers video_unavailable on a platform without LiveKit (the rooms are external links)', async () => {
    const refused = await from('203.0.113.9', bare);
    expect(refused.errors?.[0]?.extensions?.code).toBe('video_unavailable');
    expect(refused.errors?.[0]?.message).toBe('La salle de visioconférence n’est pas disponible.');
  });
});
