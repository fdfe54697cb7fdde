import { describe, expect, it } from 'vitest';
import {
  accessFailure,
  audienceRoomState,
  deviceProblemOf,
  deviceProblemText,
  initialRoomState,
  joinLabel,
  type RoomAction,
  type RoomState,
  roomReducer,
} from './room-state.ts';

const run = (...actions: RoomAction[]) => actions.reduce(roomReducer, initialRoomState);
const opened = (device: 'camera' | 'microphone', request = 1): RoomAction => ({
  type: 'deviceOpened',
  device,
  request,
  deviceId: `${device}-1`,
});

describe('the room state machine', () => {
  it('waits for both devices before joining', () => {
    expect(run({ type: 'joinRequested' }).phase.name).toBe('preJoin');
    expect(run(opened('camera'), { type: 'joinRequested' }).phase.name).toBe('preJoin');
    expect(run(opened('camera'), opened('microphone'), { type: 'joinRequested' }).phase.name).toBe('joining');
  });

  it('ignores the answer to an older request for a device', () => {
    const chosen = run({ type: 'deviceChosen', device: 'camera', deviceId: 'usb' });
    expect(chosen.camera).toEqual({ status: 'pending', deviceId: 'usb', request: 2 });
    expect(roomReducer(chosen, opened('camera', 1))).toBe(chosen);
    expect(roomReducer(chosen, opened('camera', 2)).camera.status).toBe('on');
  });

  it('ignores a device opened after it was switched off', () => {
    const off = run({ type: 'deviceSwitched', device: 'camera', on: false });
    expect(roomReducer(off, opened('camera')).camera.status).toBe('off');
    expect(roomReducer(off, { type: 'deviceSwitched', device: 'camera', on: true }).camera).toMatchObject({
      status: 'pending',
      request: 2,
    });
  });

  it('asks again only for the devices that had a problem', () => {
    const state = run(opened('camera'), {
      type: 'deviceFailed',
      device: 'microphone',
      request: 1,
      problem: 'busy',
    });
    const retried = roomReducer(state, { type: 'devicesRetried' });
    expect(retried.camera).toBe(state.camera);
    expect(retried.microphone).toMatchObject({ status: 'pending', request: 2 });
  });

  it('joins, fails, retries, and leaves for the details only when the viewer left', () => {
    const ready = run(opened('camera'), opened('microphone'));
    const failed = run(
      opened('camera'),
      opened('microphone'),
      { type: 'joinRequested' },
      {
        type: 'joinFailed',
        failure: { kind: 'unreachable' },
      },
    );
    expect(failed.phase).toEqual({ name: 'failed', failure: { kind: 'unreachable' } });
    expect(roomReducer(failed, { type: 'joinRequested' }).phase.name).toBe('joining');
    const inRoom = [{ type: 'joinRequested' }, { type: 'joined' }].reduce(
      (state, action) => roomReducer(state, action as RoomAction),
      ready,
    );
    expect(inRoom.phase.name).toBe('inRoom');
    expect(roomReducer(inRoom, { type: 'disconnected', cause: 'left' }).phase.name).toBe('leaving');
    const lost = roomReducer(inRoom, { type: 'disconnected', cause: 'lost' });
    expect(lost.phase).toEqual({ name: 'failed', failure: { kind: 'lost' } });
    expect(lost.camera).toMatchObject({ status: 'pending', request: 2 });
    const removed = roomReducer(inRoom, { type: 'disconnected', cause: 'removed' });
    expect(removed.phase).toEqual({ name: 'failed', failure: { kind: 'removed' } });
    expect(removed.camera.status).toBe('on');
    expect(roomReducer(removed, { type: 'joinRequested' })).toBe(removed);
  });

  it('does not let a closed room be retried', () => {
    const closed: RoomState = {
      ...initialRoomState,
      phase: { name: 'failed', failure: { kind: 'closed', opensAt: 'a', closesAt: 'b' } },
    };
    expect(roomReducer(closed, { type: 'joinRequested' })).toBe(closed);
  });
});

describe('the lobby and the end of a webinar', () => {
  const audience = (...actions: RoomAction[]) => actions.reduce(roomReducer, audienceRoomState);

  it('lets the audience join at once: it opens no device', () => {
    expect(audience({ type: 'joinRequested' }).phase).toEqual({ name: 'joining' });
  });

  it('waits in the lobby, asks again from it, and enters when the token comes', () => {
    const waiting = audience({ type: 'joinRequested' }, { type: 'joinWaiting' });
    expect(waiting.phase).toEqual({ name: 'waiting' });
    // "Rejoindre" again while waiting changes nothing: the flow asks by itself.
    expect(roomReducer(waiting, { type: 'joinRequested' })).toBe(waiting);
    const asking = roomReducer(waiting, { type: 'lobbyAsked' });
    expect(asking.phase).toEqual({ name: 'joining', fromLobby: true });
    expect(roomReducer(asking, { type: 'joined' }).phase).toEqual({ name: 'inRoom' });
    expect(roomReducer(audienceRoomState, { type: 'lobbyAsked' })).toBe(audienceRoomState);
  });

  it('keeps the devices usable while waiting', () => {
    const waiting = run(
      opened('camera'),
      opened('microphone'),
      { type: 'joinRequested' },
      { type: 'joinWaiting' },
    );
    expect(roomReducer(waiting, { type: 'deviceSwitched', device: 'camera', on: false }).camera.status).toBe(
      'off',
    );
  });

  it('ends for the host who ended the meeting, from the pre-join screen or the room', () => {
    const ended = { name: 'failed', failure: { kind: 'ended' } };
    expect(run({ type: 'roomEnded' }).phase).toEqual(ended);
    const inRoom = audience({ type: 'joinRequested' }, { type: 'joined' });
    expect(roomReducer(inRoom, { type: 'roomEnded' }).phase).toEqual(ended);
  });

  it('offers to come back after the same account entered elsewhere, devices opened again', () => {
    const inRoom = run(opened('camera'), opened('microphone'), { type: 'joinRequested' }, { type: 'joined' });
    const replaced = roomReducer(inRoom, { type: 'disconnected', cause: 'duplicate' });
    expect(replaced.phase).toEqual({ name: 'failed', failure: { kind: 'duplicate' } });
    expect(replaced.camera.status).toBe('pending');
    const ready = [opened('camera', 2), opened('microphone', 2)].reduce(roomReducer, replaced);
    expect(roomReducer(ready, { type: 'joinRequested' }).phase.name).toBe('joining');
  });
});

describe('what the pre-join screen says', () => {
  const devices = (camera: RoomState['camera']['status'], microphone: RoomState['microphone']['status']) => ({
    camera: { status: camera, deviceId: null, request: 1 },
    microphone: { status: microphone, deviceId: null, request: 1 },
  });

  it('names what the viewer will join without', () => {
    expect(joinLabel(devices('on', 'on'))).toBe('Rejoindre');
    expect(joinLabel(devices('off', 'on'))).toBe('Rejoindre');
    expect(joinLabel(devices('denied', 'on'))).toBe('Rejoindre sans caméra');
    expect(joinLabel(devices('on', 'missing'))).toBe('Rejoindre sans micro');
    expect(joinLabel(devices('denied', 'denied'))).toBe('Rejoindre sans caméra ni micro');
  });

  it('says each problem once, for one device or both', () => {
    expect(deviceProblemText(devices('denied', 'denied')).map((p) => p.text.split('.')[0])).toEqual([
      'Votre navigateur bloque l’accès à la caméra et au micro',
    ]);
    expect(deviceProblemText(devices('missing', 'busy')).map((p) => p.text.split('.')[0])).toEqual([
      'Aucune caméra n’a été trouvée sur cet appareil',
      'Le micro est déjà utilisé par une autre application',
    ]);
    expect(deviceProblemText(devices('on', 'on'))).toEqual([]);
  });

  it('reads getUserMedia’s errors', () => {
    expect(deviceProblemOf(new DOMException('', 'NotAllowedError'))).toBe('denied');
    expect(deviceProblemOf(new DOMException('', 'NotFoundError'))).toBe('missing');
    expect(deviceProblemOf(new DOMException('', 'NotReadableError'))).toBe('busy');
    expect(deviceProblemOf(new Error('?'))).toBe('failed');
  });

  it('reads videoRoomAccess’s errors', () => {
    expect(accessFailure('video_room_closed', '', { opensAt: 'o', closesAt: 'c' })).toEqual({
      kind: 'closed',
      opensAt: 'o',
      closesAt: 'c',
    });
    expect(accessFailure('video_unavailable', '', { externalLink: null })).toEqual({
      kind: 'unavailable',
      externalLink: null,
    });
    expect(accessFailure('FORBIDDEN', '', {})).toEqual({ kind: 'forbidden' });
    expect(accessFailure('video_room_ended', '', {})).toEqual({ kind: 'ended' });
    expect(accessFailure('video_participant_removed', '', {})).toEqual({ kind: 'removed' });
    expect(accessFailure('other_error', 'Une erreur est survenue', {})).toEqual({
      kind: 'api',
      message: 'Une erreur est survenue',
    });
  });
});
