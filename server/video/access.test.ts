import { TokenVerifier, TrackSource } from 'livekit-server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { establishments, meetings } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { grantOf } from './access.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const LIVEKIT = {
  LIVEKIT_URL: 'wss://livekit.test',
  LIVEKIT_API_KEY: 'APIcle-de-test',
  LIVEKIT_API_SECRET: 'un-secret-de-test-suffisamment-long-pour-hs256',
};
const ACCESS = `query ($slotId: ID!) {
  videoRoomAccess(slotId: $slotId) { serverUrl token roomName role mode onStage opensAt closesAt }
}`;
/** The webinar: 10:00–11:00 UTC on 10 March 2026; TEST_NOW is 09:00 UTC that day. */
const STARTS = new Date('2026-03-10T10:00:00Z');

let t: TestApp;
let bare: TestApp;
const tokens: Record<string, string> = {};
let slotId: number;
let linkedSlotId: number;
let interventionId: number;

interface Access {
  serverUrl: string;
  token: string;
  roomName: string;
  role: string;
  opensAt: string;
  closesAt: string;
}

async function access(as: string | undefined, id = slotId, app = t) {
  return app.graphql<{ videoRoomAccess: Access }>(ACCESS, { slotId: id }, as ? { token: tokens[as] } : {});
}

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-03-10T09:50:00Z'), env: LIVEKIT });
  const company = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
  const other = await insertCompany(t.db, { name: 'Autre Usine' });
  const [lycee] = await t.db
    .insert(establishments)
    .values({ name: 'Lycée Jacquard', type: 'Lycée professionnel' })
    .returning();
  const people = {
    host: await insertUser(t.db, {
      kind: 'recruiter',
      companyId: company.id,
      firstName: 'Léa',
      lastName: 'Durand',
    }),
    otherRecruiter: await insertUser(t.db, { kind: 'recruiter', companyId: other.id }),
    booked: await insertUser(t.db, {
      kind: 'teacher',
      firstName: 'Inès',
      lastName: 'Martin',
      establishmentId: lycee?.id,
    }),
    postponed: await insertUser(t.db, { kind: 'teacher' }),
    cancelled: await insertUser(t.db, { kind: 'teacher' }),
    stranger: await insertUser(t.db, { kind: 'teacher' }),
    admin: await insertUser(t.db, { kind: 'admin' }),
  };
  for (const [name, user] of Object.entries(people)) tokens[name] = await loginAs(t.db, user.id, TEST_NOW);
  const slot = await insertSlot(t.db, company.id, STARTS, { meetingType: 'Webinar' });
  slotId = slot.id;
  const linked = await insertSlot(t.db, company.id, STARTS, {
    meetingType: 'Webinar',
    videoLink: 'https://visio.example.fr/forges',
  });
  linkedSlotId = linked.id;
  interventionId = (await insertSlot(t.db, company.id, STARTS, { meetingType: 'ClassroomIntervention' })).id;
  const booking = (teacherId: number, status: 'confirmed' | 'reported' | 'cancelled', on = slotId) => ({
    slotId: on,
    teacherId,
    status,
    participantsCount: 10,
    publicCategory: 'highSchool' as const,
    charterAcceptedAt: TEST_NOW,
  });
  await t.db
    .insert(meetings)
    .values([
      booking(people.booked.id, 'confirmed'),
      booking(people.postponed.id, 'reported'),
      booking(people.cancelled.id, 'cancelled'),
      booking(people.booked.id, 'confirmed', linkedSlotId),
      booking(people.booked.id, 'confirmed', interventionId),
    ]);
  // The host opened both rooms: classes enter at once (the lobby before that is host.test.ts's).
  for (const id of [slotId, interventionId]) {
    await t.graphql(
      'mutation ($id: ID!) { openVideoRoom(slotId: $id) { openedAt } }',
      { id },
      { token: tokens.host },
    );
  }

  bare = await createTestApp({ now: new Date('2026-03-10T09:50:00Z') });
  await insertCompany(bare.db);
});
afterAll(() => {
  t.close();
  bare.close();
});

describe('videoRoomAccess', () => {
  it('lets the company in as host, with a token the SDK verifies: room, identity, name, grants, expiry at the close', async () => {
    const { data, errors } = await access('host');
    expect(errors).toBeUndefined();
    const granted = data?.videoRoomAccess as Access;
    expect(granted).toMatchObject({
      serverUrl: 'wss://livekit.test',
      roomName: `creneau-${slotId}`,
      role: 'host',
      opensAt: '2026-03-10T09:45:00.000Z',
      closesAt: '2026-03-10T11:30:00.000Z',
    });
    const claims = await new TokenVerifier(LIVEKIT.LIVEKIT_API_KEY, LIVEKIT.LIVEKIT_API_SECRET).verify(
      granted.token,
    );
    expect(claims.sub).toBe(
      String((await t.db.query.users.findFirst({ where: (u, { eq }) => eq(u.firstName, 'Léa') }))?.id),
    );
    expect(claims.name).toBe('Léa Durand — Forges de Vénissieux');
    expect(claims.attributes).toEqual({ passerelle_role: 'host' });
    expect(claims.video).toMatchObject({
      room: `creneau-${slotId}`,
      roomJoin: true,
      roomAdmin: true,
      canPublish: true,
      canSubscribe: true,
      canPublishData: true,
    });
    // The SDK counts the lifetime from the real clock: it is the time left until the close (09:50 → 11:30).
    expect((claims.exp ?? 0) - (claims.nbf ?? 0)).toBe(100 * 60);
  });

  it('lets a booked teacher into a webinar as audience: chat, no publishing, no moderation', async () => {
    const { data } = await access('booked');
    const claims = await new TokenVerifier(LIVEKIT.LIVEKIT_API_KEY, LIVEKIT.LIVEKIT_API_SECRET).verify(
      data?.videoRoomAccess.token as string,
    );
    expect(data?.videoRoomAccess).toMatchObject({ role: 'participant', mode: 'webinar', onStage: false });
    expect(claims.name).toBe('Inès Martin — Lycée Jacquard');
    expect(claims.attributes).toEqual({ passerelle_role: 'participant' });
    expect(claims.video?.roomAdmin).toBeFalsy();
    expect(claims.video?.canPublish).toBe(false);
    expect(claims.video?.canPublishData).toBe(true);
    expect(claims.video?.canUpdateOwnMetadata).toBe(false);
  });

  it('lets a booked teacher into an intervention held remotely with camera and microphone', async () => {
    const { data } = await access('booked', interventionId);
    const claims = await new TokenVerifier(LIVEKIT.LIVEKIT_API_KEY, LIVEKIT.LIVEKIT_API_SECRET).verify(
      data?.videoRoomAccess.token as string,
    );
    expect(data?.videoRoomAccess).toMatchObject({ role: 'participant', mode: 'conference', onStage: false });
    expect(claims.video?.canPublish).toBe(true);
    expect(claims.video?.canPublishSources).toEqual(['camera', 'microphone']);
    expect(claims.video?.roomAdmin).toBeFalsy();
  });

  it('keeps a postponed booking in, since its teacher kept the seat', async () => {
    expect((await access('postponed')).data?.videoRoomAccess.role).toBe('participant');
  });

  it.each([
    ['a visitor', undefined, 'UNAUTHENTICATED'],
    ['another teacher', 'stranger', 'FORBIDDEN'],
    ['a teacher whose booking is cancelled', 'cancelled', 'FORBIDDEN'],
    ['another company', 'otherRecruiter', 'FORBIDDEN'],
    ['an administrator', 'admin', 'FORBIDDEN'],
  ])('refuses %s (%s) with %s, and mints nothing', async (_who, as, code) => {
    const { data, errors } = await access(as);
    expect(errors?.[0]?.extensions?.code).toBe(code);
    expect(data ?? null).toBeNull();
  });

  it('opens 15 minutes before the start and closes 30 minutes after the end, saying when', async () => {
    const at = async (instant: string) => {
      t.clock.set(instant);
      return access('booked');
    };
    const early = await at('2026-03-10T09:44:59Z');
    expect(early.errors?.[0]?.extensions).toMatchObject({
      code: 'video_room_closed',
      opensAt: '2026-03-10T09:45:00.000Z',
      closesAt: '2026-03-10T11:30:00.000Z',
    });
    expect((await at('2026-03-10T09:45:00Z')).data?.videoRoomAccess.role).toBe('participant');
    const last = await at('2026-03-10T11:29:59Z');
    const claims = await new TokenVerifier(LIVEKIT.LIVEKIT_API_KEY, LIVEKIT.LIVEKIT_API_SECRET).verify(
      last.data?.videoRoomAccess.token as string,
    );
    expect((claims.exp ?? 0) - (claims.nbf ?? 0)).toBe(1);
    expect((await at('2026-03-10T11:30:00Z')).errors?.[0]?.extensions?.code).toBe('video_room_closed');
    t.clock.set('2026-03-10T09:50:00Z');
  });

  it('has no room for a slot with an external link: video_unavailable with the link', async () => {
    const { errors } = await access('booked', linkedSlotId);
    expect(errors?.[0]?.extensions).toMatchObject({
      code: 'video_unavailable',
      externalLink: 'https://visio.example.fr/forges',
    });
  });

  it('has no room without LiveKit configured', async () => {
    const teacher = await insertUser(bare.db, { kind: 'recruiter', companyId: 1 });
    const slot = await insertSlot(bare.db, 1, STARTS, { meetingType: 'Webinar' });
    const { errors } = await bare.graphql(
      ACCESS,
      { slotId: slot.id },
      { token: await loginAs(bare.db, teacher.id, TEST_NOW) },
    );
    expect(errors?.[0]?.extensions).toMatchObject({ code: 'video_unavailable', externalLink: null });
  });

  it('answers NOT_FOUND for a slot that does not exist', async () => {
    expect((await access('host', 9999)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('grantOf', () => {
  it('gives hosts the screen share too', () => {
    expect(grantOf('host', 'r').canPublishSources).toEqual([
      TrackSource.CAMERA,
      TrackSource.MICROPHONE,
      TrackSource.SCREEN_SHARE,
      TrackSource.SCREEN_SHARE_AUDIO,
    ]);
  });
});
