import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type LiveKitServer, startLiveKitServer } from '../../../tests/fixtures/livekit-server.ts';
import { freePort } from '../../../tests/fixtures/net.ts';
import {
  InvalidVideoWebhook,
  ParticipantAbsent,
  VideoServiceUnavailable,
} from '../../kernel/ports/video-rooms.ts';
import { createLiveKitRooms } from './livekit.ts';

/**
 * The LiveKit adapter, real (livekit-server-sdk's RoomServiceClient over HTTP), against a local server
 * answering RoomService's Twirp protocol as livekit-server does.
 */
let livekit: LiveKitServer;
let rooms: ReturnType<typeof createLiveKitRooms>;
const ROOM = 'creneau-12';

beforeAll(async () => {
  livekit = await startLiveKitServer();
  rooms = createLiveKitRooms({ url: livekit.url, apiKey: livekit.apiKey, apiSecret: livekit.apiSecret });
});
afterAll(() => livekit.close());
beforeEach(() => {
  livekit.calls.length = 0;
  livekit.setMode('up');
});

function seatClass(identity = '7', attributes: Record<string, string> = {}) {
  return livekit.join(ROOM, {
    identity,
    attributes,
    name: 'Inès Martin — Lycée Jacquard',
    permission: {
      canSubscribe: true,
      canPublish: true,
      canPublishData: true,
      sources: ['CAMERA', 'MICROPHONE'],
    },
    tracks: [
      { sid: `TR_mic_${identity}`, type: 'AUDIO', source: 'MICROPHONE', muted: false },
      { sid: `TR_cam_${identity}`, type: 'VIDEO', source: 'CAMERA', muted: false },
    ],
  });
}

describe('the LiveKit adapter', () => {
  it('lists who is in the room, with their microphone and attributes', async () => {
    seatClass('7', { hand_raised_at: '2026-03-10T09:55:00.000Z' });
    expect(await rooms.listParticipants(ROOM)).toEqual([
      {
        identity: '7',
        name: 'Inès Martin — Lycée Jacquard',
        attributes: { hand_raised_at: '2026-03-10T09:55:00.000Z' },
        microphone: { trackSid: 'TR_mic_7', muted: false },
      },
    ]);
    expect(livekit.calls).toEqual([{ method: 'ListParticipants', body: { room: ROOM } }]);
  });

  it('answers an empty room for a room nobody joined', async () => {
    expect(await rooms.listParticipants('creneau-404')).toEqual([]);
  });

  it('takes the stage back: publishing nothing unpublishes the camera and microphone, the hand stays as told', async () => {
    seatClass();
    await rooms.updateParticipant(ROOM, '7', {
      permissions: { canSubscribe: true, canPublishData: true, sources: [] },
      attributes: { hand_raised_at: '' },
    });
    const participant = livekit.participant(ROOM, '7');
    expect(participant?.permission).toEqual({
      canSubscribe: true,
      canPublish: false,
      canPublishData: true,
      sources: [],
    });
    expect(participant?.tracks).toEqual([]);
    expect(livekit.calls[0]?.body).toMatchObject({
      room: ROOM,
      identity: '7',
      attributes: { hand_raised_at: '' },
      // protobuf's JSON leaves false values out: LiveKit reads them as false.
      permission: { canPublishData: true, canSubscribe: true },
    });
  });

  it('gives the stage: camera and microphone only', async () => {
    livekit.join(ROOM, {
      identity: '8',
      name: 'Public',
      permission: { canSubscribe: true, canPublish: false, canPublishData: true, sources: [] },
    });
    await rooms.updateParticipant(ROOM, '8', {
      permissions: { canSubscribe: true, canPublishData: true, sources: ['camera', 'microphone'] },
    });
    expect(livekit.participant(ROOM, '8')?.permission).toMatchObject({
      canPublish: true,
      sources: ['CAMERA', 'MICROPHONE'],
    });
  });

  it('sets an attribute without touching the permissions', async () => {
    seatClass();
    await rooms.updateParticipant(ROOM, '7', { attributes: { hand_raised_at: '2026-03-10T10:00:00.000Z' } });
    expect(livekit.participant(ROOM, '7')?.attributes).toEqual({
      hand_raised_at: '2026-03-10T10:00:00.000Z',
    });
    expect(livekit.participant(ROOM, '7')?.tracks).toHaveLength(2);
    expect(livekit.calls[0]?.body).not.toHaveProperty('permission');
  });

  it('mutes a microphone', async () => {
    seatClass();
    await rooms.muteTrack(ROOM, '7', 'TR_mic_7');
    expect(livekit.participant(ROOM, '7')?.tracks.find((t) => t.source === 'MICROPHONE')?.muted).toBe(true);
    expect(livekit.calls[0]).toEqual({
      method: 'MutePublishedTrack',
      body: { room: ROOM, identity: '7', trackSid: 'TR_mic_7', muted: true },
    });
  });

  it('removes a participant', async () => {
    seatClass();
    await rooms.removeParticipant(ROOM, '7');
    expect(livekit.participant(ROOM, '7')).toBeUndefined();
  });

  it('says when the participant is not in the room', async () => {
    seatClass();
    await expect(rooms.removeParticipant(ROOM, '99')).rejects.toBeInstanceOf(ParticipantAbsent);
    await expect(rooms.muteTrack(ROOM, '99', 'TR')).rejects.toBeInstanceOf(ParticipantAbsent);
    await expect(rooms.updateParticipant('creneau-404', '7', { attributes: {} })).rejects.toBeInstanceOf(
      ParticipantAbsent,
    );
  });

  it('closes a room, and takes a room already gone as closed', async () => {
    seatClass();
    await rooms.deleteRoom(ROOM);
    expect(livekit.roomExists(ROOM)).toBe(false);
    await rooms.deleteRoom(ROOM);
    expect(livekit.calls.map((c) => c.method)).toEqual(['DeleteRoom', 'DeleteRoom']);
  });

  it('fails as unavailable when the server is down, refuses its key, or cannot be reached', async () => {
    seatClass();
    livekit.setMode('down');
    await expect(rooms.removeParticipant(ROOM, '7')).rejects.toBeInstanceOf(VideoServiceUnavailable);
    livekit.setMode('up');
    const wrongKey = createLiveKitRooms({
      url: livekit.url,
      apiKey: livekit.apiKey,
      apiSecret: 'autre-secret',
    });
    const refused = await wrongKey.removeParticipant(ROOM, '7').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(VideoServiceUnavailable);
    expect((refused as VideoServiceUnavailable).status).toBe(401);
    const nowhere = createLiveKitRooms({
      url: `ws://127.0.0.1:${await freePort()}`,
      apiKey: livekit.apiKey,
      apiSecret: livekit.apiSecret,
    });
    await expect(nowhere.listParticipants(ROOM)).rejects.toBeInstanceOf(VideoServiceUnavailable);
    expect(livekit.participant(ROOM, '7')).toBeDefined();
  });

  it('reads a webhook LiveKit signed, and refuses one it did not', async () => {
    const { body, authorization } = await livekit.webhook('participant_joined', ROOM, '7');
    expect(await rooms.readWebhook(body, authorization)).toEqual({
      event: 'participant_joined',
      room: ROOM,
      identity: '7',
    });
    await expect(rooms.readWebhook(body.replace('"7"', '"8"'), authorization)).rejects.toBeInstanceOf(
      InvalidVideoWebhook,
    );
    await expect(rooms.readWebhook(body, undefined)).rejects.toBeInstanceOf(InvalidVideoWebhook);
  });
});
