import { TokenVerifier } from 'livekit-server-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { establishments, meetings } from '../../db/schema.ts';
import {
  createTestApp,
  insertCompany,
  insertSlot,
  insertUser,
  loginAs,
  TEST_NOW,
} from '../../tests/fixtures/app.ts';
import { type LiveKitServer, startLiveKitServer } from '../../tests/fixtures/livekit-server.ts';
import { VIDEO_WEBHOOK_PATH } from './webhook.ts';

/**
 * The host's controls (issue 15) through the API, carried out on a local server answering LiveKit's
 * RoomService as livekit-server does: the lobby, the stage, muting, removing for good, ending, raised hands.
 */
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let livekit: LiveKitServer;
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
/** A webinar 10:00–11:00 UTC; the clock says 09:50, the room is open. */
const STARTS = new Date('2026-03-10T10:00:00Z');
const NOW = new Date('2026-03-10T09:50:00Z');

const ACCESS = `query ($slotId: ID!) { videoRoomAccess(slotId: $slotId) { token role mode onStage } }`;
const STATE = `query ($slotId: ID!) { videoRoomState(slotId: $slotId) {
  slotId mode openedAt endedAt
  lobby { userId name waitingSince }
  classes { userId meetingId name participantsCount waitingSince onStage removed }
} }`;

async function as<T = Record<string, unknown>>(
  who: string,
  query: string,
  variables: Record<string, unknown> = {},
) {
  return t.graphql<T>(query, variables, { token: tokens[who] });
}

async function act(who: string, operation: string, variables: Record<string, unknown>) {
  const args = Object.keys(variables)
    .map((name) => `${name}: $${name}`)
    .join(', ');
  const params = Object.keys(variables)
    .map((name) => `$${name}: ID!`)
    .join(', ');
  const answer = await as(who, `mutation (${params}) { ${operation}(${args}) }`, variables);
  return answer.errors?.[0]?.extensions?.code ?? answer.data?.[operation];
}

/** Opens the room as `who`: its opening instant, or the refusal's code. */
async function open(who: string, slotId: number | undefined) {
  const answer = await as<{ openVideoRoom: { openedAt: string } }>(
    who,
    'mutation ($slotId: ID!) { openVideoRoom(slotId: $slotId) { openedAt } }',
    { slotId },
  );
  return answer.errors?.[0]?.extensions?.code ?? answer.data?.openVideoRoom.openedAt;
}

const room = (slotId: number) => `creneau-${slotId}`;

/** The class's browser in LiveKit, as it connects with its token: audience publishes nothing. */
function connect(slotId: number, who: 'ines' | 'hugo', options: { audience: boolean; micMuted?: boolean }) {
  return livekit.join(room(slotId), {
    identity: String(ids[who]),
    name: who,
    permission: options.audience
      ? { canSubscribe: true, canPublish: false, canPublishData: true, sources: [] }
      : { canSubscribe: true, canPublish: true, canPublishData: true, sources: ['CAMERA', 'MICROPHONE'] },
    tracks: options.audience
      ? []
      : [
          { sid: `TR_mic_${who}`, type: 'AUDIO', source: 'MICROPHONE', muted: options.micMuted ?? false },
          { sid: `TR_cam_${who}`, type: 'VIDEO', source: 'CAMERA', muted: false },
        ],
  });
}

async function claimsOf(who: string, slotId: number) {
  const { data, errors } = await as<{ videoRoomAccess: { token: string } }>(who, ACCESS, { slotId });
  if (errors) throw new Error(String(errors[0]?.extensions?.code));
  return new TokenVerifier(livekit.apiKey, livekit.apiSecret).verify(data?.videoRoomAccess.token as string);
}

beforeAll(async () => {
  livekit = await startLiveKitServer();
  t = await createTestApp({
    now: NOW,
    env: { LIVEKIT_URL: livekit.url, LIVEKIT_API_KEY: livekit.apiKey, LIVEKIT_API_SECRET: livekit.apiSecret },
  });
  const company = await insertCompany(t.db, { name: 'Forges de Vénissieux' });
  const other = await insertCompany(t.db, { name: 'Autre Usine' });
  const school = async (name: string) =>
    (await t.db.insert(establishments).values({ name, type: 'Lycée' }).returning())[0]?.id;
  const people = {
    host: await insertUser(t.db, {
      kind: 'recruiter',
      companyId: company.id,
      firstName: 'Léa',
      lastName: 'Durand',
    }),
    colleague: await insertUser(t.db, { kind: 'recruiter', companyId: company.id }),
    otherHost: await insertUser(t.db, { kind: 'recruiter', companyId: other.id }),
    ines: await insertUser(t.db, {
      kind: 'teacher',
      firstName: 'Inès',
      lastName: 'Martin',
      establishmentId: await school('Lycée Jacquard'),
    }),
    hugo: await insertUser(t.db, {
      kind: 'teacher',
      firstName: 'Hugo',
      lastName: 'Bernard',
      establishmentId: await school('Collège Ampère'),
    }),
    stranger: await insertUser(t.db, { kind: 'teacher' }),
  };
  for (const [name, user] of Object.entries(people)) {
    tokens[name] = await loginAs(t.db, user.id, TEST_NOW);
    ids[name] = user.id;
  }
  const slot = async (name: string, meetingType: 'Webinar' | 'ClassroomIntervention') => {
    ids[name] = (await insertSlot(t.db, company.id, STARTS, { meetingType })).id;
    await t.db.insert(meetings).values(
      (['ines', 'hugo'] as const).map((who, index) => ({
        slotId: ids[name] as number,
        teacherId: ids[who] as number,
        status: 'confirmed' as const,
        participantsCount: 20 + index,
        publicCategory: 'highSchool' as const,
        charterAcceptedAt: TEST_NOW,
      })),
    );
  };
  for (const name of ['lobby', 'unopened', 'stage', 'moderation', 'ending', 'hands'])
    await slot(name, 'Webinar');
  await slot('intervention', 'ClassroomIntervention');
  for (const name of ['stage', 'moderation', 'ending', 'hands', 'intervention']) {
    expect(await open('host', ids[name])).toBe(NOW.toISOString());
  }
});
afterAll(async () => {
  t.close();
  await livekit.close();
});
beforeEach(() => {
  t.clock.set(NOW.toISOString());
  livekit.setMode('up');
  livekit.calls.length = 0;
});

describe('the lobby', () => {
  it('keeps the classes out until the host opens the room, and shows the host who waits', async () => {
    const slotId = ids.lobby as number;
    expect((await as('ines', ACCESS, { slotId })).errors?.[0]?.extensions?.code).toBe('video_room_waiting');
    t.clock.set('2026-03-10T09:50:03Z');
    expect((await as('hugo', ACCESS, { slotId })).errors?.[0]?.extensions?.code).toBe('video_room_waiting');
    // Inès asks again: she keeps her place, first in line.
    t.clock.set('2026-03-10T09:50:06Z');
    await as('ines', ACCESS, { slotId });

    const { data } = await as<{ videoRoomState: Record<string, unknown> }>('host', STATE, { slotId });
    expect(data?.videoRoomState).toMatchObject({
      mode: 'webinar',
      openedAt: null,
      lobby: [
        {
          userId: String(ids.ines),
          name: 'Inès Martin — Lycée Jacquard',
          waitingSince: '2026-03-10T09:50:00.000Z',
        },
        {
          userId: String(ids.hugo),
          name: 'Hugo Bernard — Collège Ampère',
          waitingSince: '2026-03-10T09:50:03.000Z',
        },
      ],
      classes: [
        { userId: String(ids.ines), participantsCount: 20, onStage: false, removed: false },
        { userId: String(ids.hugo), participantsCount: 21, onStage: false, removed: false },
      ],
    });
    // The host is not kept out of their own room.
    expect((await as('host', ACCESS, { slotId })).data).toMatchObject({ videoRoomAccess: { role: 'host' } });

    // Hugo closed his tab: 20 seconds without asking, he is no longer waiting.
    t.clock.set('2026-03-10T09:50:24Z');
    const later = await as<{ videoRoomState: { lobby: { userId: string }[] } }>('host', STATE, { slotId });
    expect(later.data?.videoRoomState.lobby.map((entry) => entry.userId)).toEqual([String(ids.ines)]);

    const opened = await as<{ openVideoRoom: { openedAt: string; lobby: unknown[] } }>(
      'colleague',
      'mutation ($slotId: ID!) { openVideoRoom(slotId: $slotId) { openedAt lobby { userId } } }',
      { slotId },
    );
    expect(opened.data?.openVideoRoom).toEqual({ openedAt: '2026-03-10T09:50:24.000Z', lobby: [] });
    expect((await as('ines', ACCESS, { slotId })).data).toMatchObject({
      videoRoomAccess: { role: 'participant', mode: 'webinar', onStage: false },
    });
    expect((await as('hugo', ACCESS, { slotId })).data).toMatchObject({
      videoRoomAccess: { role: 'participant' },
    });
    // Opening it again keeps the first opening.
    t.clock.set('2026-03-10T09:55:00Z');
    await open('host', slotId);
    const state = await as<{ videoRoomState: { openedAt: string } }>('host', STATE, { slotId });
    expect(state.data?.videoRoomState.openedAt).toBe('2026-03-10T09:50:24.000Z');
  });
});

describe('the stage of a webinar', () => {
  it('brings a class on stage through LiveKit, its hand down, and its next token publishes too', async () => {
    const slotId = ids.stage as number;
    const ines = connect(slotId, 'ines', { audience: true });
    ines.attributes.hand_raised_at = '2026-03-10T09:49:00.000Z';
    expect(await act('host', 'bringToStage', { slotId, userId: ids.ines })).toBe(true);
    expect(livekit.participant(room(slotId), String(ids.ines))?.permission).toEqual({
      canSubscribe: true,
      canPublish: true,
      canPublishData: true,
      sources: ['CAMERA', 'MICROPHONE'],
    });
    expect(livekit.participant(room(slotId), String(ids.ines))?.attributes).toEqual({});
    const claims = await claimsOf('ines', slotId);
    expect(claims.video).toMatchObject({ canPublish: true, canPublishSources: ['camera', 'microphone'] });
    const state = await as<{ videoRoomState: { classes: { onStage: boolean }[] } }>('host', STATE, {
      slotId,
    });
    expect(state.data?.videoRoomState.classes.map((entry) => entry.onStage)).toEqual([true, false]);
  });

  it('sends it back: LiveKit unpublishes its camera and microphone, its next token publishes nothing', async () => {
    const slotId = ids.stage as number;
    connect(slotId, 'ines', { audience: false });
    expect(await act('host', 'sendBackToAudience', { slotId, userId: ids.ines })).toBe(true);
    const ines = livekit.participant(room(slotId), String(ids.ines));
    expect(ines?.permission.canPublish).toBe(false);
    expect(ines?.tracks).toEqual([]);
    expect((await claimsOf('ines', slotId)).video?.canPublish).toBe(false);
  });

  it('says when the class left the room meanwhile, and changes nothing', async () => {
    const slotId = ids.stage as number;
    expect(await act('host', 'bringToStage', { slotId, userId: ids.hugo })).toBe('video_participant_absent');
    expect((await claimsOf('hugo', slotId)).video?.canPublish).toBe(false);
  });

  it('has no stage outside a webinar', async () => {
    const slotId = ids.intervention as number;
    connect(slotId, 'ines', { audience: false });
    expect(await act('host', 'bringToStage', { slotId, userId: ids.ines })).toBe('video_not_webinar');
    expect(livekit.calls).toEqual([]);
  });

  it('acts only on the slot’s booked classes', async () => {
    expect(await act('host', 'bringToStage', { slotId: ids.stage, userId: ids.stranger })).toBe('NOT_FOUND');
  });
});

describe('moderation', () => {
  it('mutes a class’s microphone; a muted one, or a class without one, is left as it is', async () => {
    const slotId = ids.moderation as number;
    connect(slotId, 'ines', { audience: false });
    expect(await act('host', 'muteParticipant', { slotId, userId: ids.ines })).toBe(true);
    expect(livekit.calls.at(-1)).toEqual({
      method: 'MutePublishedTrack',
      body: { room: room(slotId), identity: String(ids.ines), trackSid: 'TR_mic_ines', muted: true },
    });
    expect(
      livekit.participant(room(slotId), String(ids.ines))?.tracks.find((track) => track.type === 'AUDIO')
        ?.muted,
    ).toBe(true);
    livekit.calls.length = 0;
    expect(await act('host', 'muteParticipant', { slotId, userId: ids.ines })).toBe(true);
    expect(livekit.calls.map((call) => call.method)).toEqual(['ListParticipants']);
    expect(await act('host', 'muteParticipant', { slotId, userId: ids.hugo })).toBe(
      'video_participant_absent',
    );
  });

  it('removes a class for good: disconnected, no token again, put out again if it comes back with its old one', async () => {
    const slotId = ids.moderation as number;
    connect(slotId, 'hugo', { audience: true });
    expect(await act('host', 'removeParticipant', { slotId, userId: ids.hugo })).toBe(true);
    expect(livekit.participant(room(slotId), String(ids.hugo))).toBeUndefined();
    expect((await as('hugo', ACCESS, { slotId })).errors?.[0]?.extensions?.code).toBe(
      'video_participant_removed',
    );
    // Its token outlives the removal on a server that does not revoke it: it comes back, LiveKit says so.
    connect(slotId, 'hugo', { audience: true });
    const hook = await livekit.webhook('participant_joined', room(slotId), String(ids.hugo));
    const response = await t.app.request(VIDEO_WEBHOOK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/webhook+json', authorization: hook.authorization },
      body: hook.body,
    });
    expect(response.status).toBe(200);
    expect(livekit.participant(room(slotId), String(ids.hugo))).toBeUndefined();
    // Inès joining is nobody's business.
    const ines = await livekit.webhook('participant_joined', room(slotId), String(ids.ines));
    livekit.calls.length = 0;
    await t.app.request(VIDEO_WEBHOOK_PATH, {
      method: 'POST',
      headers: { authorization: ines.authorization },
      body: ines.body,
    });
    expect(livekit.calls).toEqual([]);
    const state = await as<{ videoRoomState: { classes: { removed: boolean }[] } }>('host', STATE, {
      slotId,
    });
    expect(state.data?.videoRoomState.classes.map((entry) => entry.removed)).toEqual([false, true]);
  });

  it('refuses a webhook LiveKit did not sign', async () => {
    const hook = await livekit.webhook(
      'participant_joined',
      room(ids.moderation as number),
      String(ids.hugo),
    );
    const response = await t.app.request(VIDEO_WEBHOOK_PATH, {
      method: 'POST',
      headers: { authorization: hook.authorization },
      body: hook.body.replace('participant_joined', 'participant_left'),
    });
    expect(response.status).toBe(401);
  });

  it('keeps a removal when LiveKit does not answer, and says so; removing again disconnects', async () => {
    const slotId = ids.hands as number;
    connect(slotId, 'hugo', { audience: true });
    livekit.setMode('down');
    expect(await act('host', 'removeParticipant', { slotId, userId: ids.hugo })).toBe(
      'video_service_unavailable',
    );
    expect((await as('hugo', ACCESS, { slotId })).errors?.[0]?.extensions?.code).toBe(
      'video_participant_removed',
    );
    livekit.setMode('up');
    expect(await act('host', 'removeParticipant', { slotId, userId: ids.hugo })).toBe(true);
    expect(livekit.participant(room(slotId), String(ids.hugo))).toBeUndefined();
    expect(t.logs.some((line) => line.message === 'video service unavailable')).toBe(true);
  });

  it('leaves the controls to the slot’s company', async () => {
    for (const who of ['ines', 'otherHost', 'stranger']) {
      for (const operation of ['muteParticipant', 'removeParticipant', 'bringToStage']) {
        expect(
          await act(who, operation, { slotId: ids.moderation, userId: ids.ines }),
          `${who} ${operation}`,
        ).toBe('FORBIDDEN');
      }
      expect(await act(who, 'endMeeting', { slotId: ids.moderation })).toBe('FORBIDDEN');
    }
    expect(livekit.calls).toEqual([]);
  });
});

describe('ending the meeting', () => {
  it('closes the room for everyone, host included, and can be done again', async () => {
    const slotId = ids.ending as number;
    connect(slotId, 'ines', { audience: true });
    expect(await act('host', 'endMeeting', { slotId })).toBe(true);
    expect(livekit.roomExists(room(slotId))).toBe(false);
    for (const who of ['ines', 'host']) {
      expect((await as(who, ACCESS, { slotId })).errors?.[0]?.extensions?.code).toBe('video_room_ended');
    }
    expect(await act('host', 'endMeeting', { slotId })).toBe(true);
    expect(await open('host', slotId)).toBe('video_room_ended');
    // Someone still holding a token comes back: LiveKit is told to close the room again.
    connect(slotId, 'ines', { audience: true });
    const hook = await livekit.webhook('participant_joined', room(slotId), String(ids.ines));
    await t.app.request(VIDEO_WEBHOOK_PATH, {
      method: 'POST',
      headers: { authorization: hook.authorization },
      body: hook.body,
    });
    expect(livekit.roomExists(room(slotId))).toBe(false);
  });
});

describe('raised hands', () => {
  it('stamps a raised hand with the server’s clock, and lowers it for the class or the host', async () => {
    const slotId = ids.hands as number;
    connect(slotId, 'ines', { audience: true });
    t.clock.set('2026-03-10T10:05:07Z');
    expect(await act('ines', 'raiseHand', { slotId })).toBe(true);
    expect(livekit.participant(room(slotId), String(ids.ines))?.attributes).toEqual({
      hand_raised_at: '2026-03-10T10:05:07.000Z',
    });
    expect(await act('ines', 'lowerHand', { slotId })).toBe(true);
    expect(livekit.participant(room(slotId), String(ids.ines))?.attributes).toEqual({});
    await act('ines', 'raiseHand', { slotId });
    expect(await act('host', 'lowerHand', { slotId, userId: ids.ines })).toBe(true);
    expect(livekit.participant(room(slotId), String(ids.ines))?.attributes).toEqual({});
  });

  it('lets no class lower another’s hand, and has the host raise none', async () => {
    const slotId = ids.hands as number;
    expect(await act('ines', 'lowerHand', { slotId, userId: ids.hugo })).toBe('FORBIDDEN');
    expect(await act('host', 'raiseHand', { slotId })).toBe('FORBIDDEN');
    expect(await act('stranger', 'raiseHand', { slotId })).toBe('FORBIDDEN');
  });

  it('raises no hand before the room is open', async () => {
    expect(await act('ines', 'raiseHand', { slotId: ids.unopened })).toBe('FORBIDDEN');
    expect(livekit.calls).toEqual([]);
  });
});
