import { AccessToken, RoomConfiguration, TrackSource } from 'livekit-server-sdk';
import {
  CONNECTION_CHECKS,
  CONNECTION_TEST,
  type ConnectionCheckName,
} from '../../common/connection-test.ts';
import { liveKitSettings } from '../kernel/config.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';

export interface ConnectionTestAccess {
  /** The LiveKit server to test (wss://…), the one the rooms use. */
  serverUrl: string;
  /** One token per check, each its own participant: see `connectionTestAccess`. */
  tokens: { check: ConnectionCheckName; token: string }[];
  roomName: string;
  /** After this, the token lets nobody in (a test takes under a minute). */
  expiresAt: Date;
}

/** Each test in a room of its own, named so that nobody mistakes it for a slot's (`creneau-<id>`). */
export const connectionTestRoomName = () => `${CONNECTION_TEST.roomPrefix}${crypto.randomUUID()}`;

/**
 * Just what each check needs: join; the camera's check publishes a camera and the microphone's a microphone
 * for a few seconds, the others nothing. Nothing to watch (nobody else is in the room), no data, no metadata.
 */
export function connectionTestGrant(room: string, check: ConnectionCheckName) {
  const sources = PUBLISHED[check];
  return {
    room,
    roomJoin: true,
    canPublish: sources.length > 0,
    canPublishSources: sources,
    canSubscribe: false,
    canPublishData: false,
    canUpdateOwnMetadata: false,
  };
}

const PUBLISHED: Record<ConnectionCheckName, TrackSource[]> = {
  signalling: [],
  udp: [],
  tcp: [],
  turn: [],
  camera: [TrackSource.CAMERA],
  microphone: [TrackSource.MICROPHONE],
};

/**
 * « Tester ma connexion » (issue 38, docs/decisions/0102): anyone, logged in or not, gets tokens for a
 * test room of their own, one per check and each a participant of its own (LiveKit keeps a participant's
 * ICE fallback, « TCP only » after the TCP check, for its next join in the room, which would then refuse
 * the TURN check its relay), a few times an hour from one address (`RATE_LIMITS.connectionTest`). The token
 * lets its holder in for `CONNECTION_TEST.tokenMinutes`; the room carries its own configuration in the
 * token, so that LiveKit closes it `emptyTimeoutSeconds` after it is created if nobody came and
 * `departureTimeoutSeconds` after the last check left: nothing to call, on Node and Workers alike.
 * `video_unavailable` when the platform has no LiveKit (the rooms are then external links).
 */
export async function connectionTestAccess(
  input: { clientIp: string },
  deps: Deps,
): Promise<ConnectionTestAccess> {
  const livekit = liveKitSettings(deps.config);
  if (!livekit) throw new AppError('video_unavailable', { extensions: { externalLink: null } });
  const now = deps.clock.now();
  await deps.rateLimiter.consume([`connection-test:ip:${input.clientIp}`], RATE_LIMITS.connectionTest, now);
  const roomName = connectionTestRoomName();
  const ttlSeconds = CONNECTION_TEST.tokenMinutes * 60;
  const tokens = await Promise.all(
    CONNECTION_CHECKS.map(async (check) => {
      const token = new AccessToken(livekit.apiKey, livekit.apiSecret, {
        identity: `${CONNECTION_TEST.identity}-${check}`,
        name: 'Test de connexion',
        ttl: ttlSeconds,
      });
      token.addGrant(connectionTestGrant(roomName, check));
      token.roomConfig = roomConfigOfTest();
      return { check, token: await token.toJwt() };
    }),
  );
  return {
    serverUrl: livekit.url,
    tokens,
    roomName,
    expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
  };
}

/** LiveKit creates the room on the first check's join with these timeouts (RoomConfiguration). */
function roomConfigOfTest() {
  return new RoomConfiguration({
    name: '',
    emptyTimeout: CONNECTION_TEST.emptyTimeoutSeconds,
    departureTimeout: CONNECTION_TEST.departureTimeoutSeconds,
  });
}
