import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { MESSAGES } from '../../common/messages.ts';
import { LOBBY_POLL_MS } from '../../common/video.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { rememberDevice, rememberedDevices } from './device-memory.ts';
import { HostPanel } from './HostPanel.tsx';
import { useHostControls } from './host-controls.ts';
import { PreJoin } from './PreJoin.tsx';
import { FailureNotice, LobbyNotice } from './RoomNotices.tsx';
import type {
  ConnectedRoom,
  DeviceLists,
  PreviewTrack,
  RoomAccess,
  VideoPort,
  VideoRoomProps,
} from './room-port.ts';
import {
  accessFailure,
  audienceRoomState,
  DEVICE_KINDS,
  type DeviceKind,
  type DisconnectCause,
  deviceProblemOf,
  isRetryable,
  type JoinFailure,
  type Phase,
  preJoinState,
  roomReducer,
  showsPreJoin,
} from './room-state.ts';

const VIDEO_ROOM_ACCESS = /* GraphQL */ `
  query VideoRoomAccess($slotId: ID!) {
    videoRoomAccess(slotId: $slotId) { serverUrl token roomName role mode onStage opensAt closesAt }
  }
`;

type Tracks = Partial<Record<DeviceKind, PreviewTrack>>;
const NO_DEVICES: DeviceLists = { camera: [], microphone: [], speaker: [] };

/** A webinar's class joins as its audience: nothing to publish, so no device to open before entering. */
const joinsAsAudience = (props: Pick<VideoRoomProps, 'role' | 'mode'>) =>
  props.mode === 'webinar' && props.role === 'participant';

/**
 * The room, from the pre-join screen to the conference: runs room-state.ts's machine, opens the devices
 * and joins through the port (LiveKit in the browser, a fake in tests), asks for the token only on
 * "Rejoindre" — and again every few seconds while the class waits in the lobby — and leaves for the
 * meeting's details. The host has the side panel beside it, before and once in the room.
 */
export function RoomFlow<Room extends ConnectedRoom>({
  port,
  ...props
}: VideoRoomProps & { port: VideoPort<Room> }) {
  // The devices chosen last time in this browser open first.
  const [state, dispatch] = useReducer(roomReducer, null, () =>
    joinsAsAudience(props) ? audienceRoomState : preJoinState(rememberedDevices()),
  );
  const [tracks, setTracks] = useState<Tracks>({});
  const [devices, setDevices] = useState(NO_DEVICES);
  const [speaker, setSpeaker] = useState(() => rememberedDevices().speaker);
  const [room, setRoom] = useState<Room | null>(null);
  // The effects' answers arrive later: they read the latest state and resources through these.
  // The speaker chosen, if the browser still lists it.
  const speakerId = devices.speaker.some((option) => option.deviceId === speaker) ? speaker : null;
  const latest = useRef({ state, tracks, room, speakerId });
  latest.current = { state, tracks, room, speakerId };
  const started = useRef<Record<DeviceKind, number>>({ camera: 0, microphone: 0 });

  const listDevices = useCallback(() => {
    port.listDevices().then(setDevices, () => setDevices(NO_DEVICES));
  }, [port]);

  // Opens each device asked for (once per request), keeping only the answer to the latest request.
  useEffect(() => {
    if (!showsPreJoin(state.phase)) return;
    const request: Partial<Record<DeviceKind, string | null>> = {};
    const numbers: Partial<Record<DeviceKind, number>> = {};
    for (const kind of DEVICE_KINDS) {
      const device = state[kind];
      if (device.status !== 'pending' || started.current[kind] === device.request) continue;
      started.current[kind] = device.request;
      request[kind] = device.deviceId;
      numbers[kind] = device.request;
    }
    const kinds = DEVICE_KINDS.filter((kind) => numbers[kind] !== undefined);
    if (kinds.length === 0) return;
    const stillWanted = (kind: DeviceKind) => {
      const device = latest.current.state[kind];
      return device.status === 'pending' && device.request === numbers[kind];
    };
    port.open(request).then(
      (opened) => {
        for (const kind of kinds) {
          const answer = opened[kind] ?? 'failed';
          const number = numbers[kind] as number;
          if (typeof answer === 'string') {
            dispatch({ type: 'deviceFailed', device: kind, request: number, problem: answer });
          } else if (!stillWanted(kind)) {
            answer.stop();
          } else {
            latest.current.tracks[kind]?.stop();
            setTracks((current) => ({ ...current, [kind]: answer }));
            rememberDevice(kind, answer.deviceId);
            dispatch({ type: 'deviceOpened', device: kind, request: number, deviceId: answer.deviceId });
          }
        }
        listDevices();
      },
      (error: unknown) => {
        for (const kind of kinds) {
          dispatch({
            type: 'deviceFailed',
            device: kind,
            request: numbers[kind] as number,
            problem: deviceProblemOf(error),
          });
        }
      },
    );
  }, [state, port, listDevices]);

  // A device switched off, or that failed, lets go of its camera light or microphone at once; all do
  // when there is no room to go to any more.
  useEffect(() => {
    if (state.phase.name === 'inRoom') return;
    const over = !showsPreJoin(state.phase);
    const released = DEVICE_KINDS.filter(
      (kind) => tracks[kind] && (over || (state[kind].status !== 'on' && state[kind].status !== 'pending')),
    );
    if (released.length === 0) return;
    for (const kind of released) tracks[kind]?.stop();
    setTracks((current) => {
      const next = { ...current };
      for (const kind of released) delete next[kind];
      return next;
    });
  }, [state, tracks]);

  // Devices plugged in or out while choosing.
  useEffect(() => {
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.addEventListener) return;
    media.addEventListener('devicechange', listDevices);
    return () => media.removeEventListener('devicechange', listDevices);
  }, [listDevices]);

  const onDisconnected = useCallback((cause: DisconnectCause) => {
    setRoom(null);
    dispatch({ type: 'disconnected', cause });
  }, []);

  // "Rejoindre": the token first (the server decides, and says why not), then the LiveKit server.
  useEffect(() => {
    if (state.phase.name !== 'joining') return;
    let cancelled = false;
    const fail = (failure: JoinFailure) => {
      if (!cancelled) dispatch({ type: 'joinFailed', failure });
    };
    void (async () => {
      let access: RoomAccess;
      try {
        const data = await gqlRequest<{ videoRoomAccess: RoomAccess }>(
          VIDEO_ROOM_ACCESS,
          { slotId: String(props.slotId) },
          'VideoRoomAccess',
        );
        access = data.videoRoomAccess;
      } catch (error) {
        if (error instanceof GraphQLRequestError && error.code === 'video_room_waiting') {
          if (!cancelled) dispatch({ type: 'joinWaiting' });
          return;
        }
        fail(
          error instanceof GraphQLRequestError
            ? accessFailure(error.code, error.message, error.extensions)
            : { kind: 'api', message: MESSAGES.genericError },
        );
        return;
      }
      const { state: now, tracks: opened, speakerId } = latest.current;
      const published = DEVICE_KINDS.flatMap((kind) => {
        const track = opened[kind];
        return now[kind].status === 'on' && track ? [track] : [];
      });
      try {
        const connected = await port.connect(access, published, onDisconnected, speakerId);
        if (cancelled) {
          void connected.disconnect();
          return;
        }
        // The room owns the published tracks now, and stops them when it ends.
        setTracks({});
        setRoom(connected);
        dispatch({ type: 'joined' });
      } catch (error) {
        fail(port.connectionFailure(error));
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [state.phase.name, props.slotId, port, onDisconnected]);

  // In the lobby: asks again in a few seconds, until the host opens the room.
  useEffect(() => {
    if (state.phase.name !== 'waiting') return;
    const timer = setTimeout(() => dispatch({ type: 'lobbyAsked' }), LOBBY_POLL_MS);
    return () => clearTimeout(timer);
  }, [state.phase]);

  useEffect(() => {
    if (state.phase.name === 'leaving') window.location.assign(props.returnUrl);
  }, [state.phase.name, props.returnUrl]);

  const hosting = props.role === 'host' && state.phase.name !== 'leaving' && showsHostPanel(state.phase);
  const controls = useHostControls(props.slotId, hosting);
  const live = port.useParticipants(room);
  const onEnded = useCallback(() => {
    void latest.current.room?.disconnect();
    dispatch({ type: 'roomEnded' });
  }, []);

  // Leaving the page lets go of the devices and the room.
  useEffect(
    () => () => {
      for (const track of Object.values(latest.current.tracks)) track?.stop();
      void latest.current.room?.disconnect();
    },
    [],
  );

  const session = { slotId: props.slotId, role: props.role, mode: props.mode };
  const main =
    state.phase.name === 'inRoom' && room ? (
      <port.Conference room={room} session={session} />
    ) : state.phase.name === 'leaving' ? (
      <p role="status" className="rounded-2xl bg-white p-6">
        Vous avez quitté la salle.{' '}
        <a className="link" href={props.returnUrl}>
          {props.returnLabel}
        </a>
      </p>
    ) : (
      <div className="flex flex-col gap-6">
        {state.phase.name === 'failed' && (
          <FailureNotice
            failure={state.phase.failure}
            props={props}
            canRetry={!pendingDevices(state)}
            onRetry={() => dispatch({ type: 'joinRequested' })}
            onOpened={() => dispatch({ type: 'windowOpened' })}
          />
        )}
        {inLobby(state.phase) && <LobbyNotice props={props} />}
        {showsPreJoin(state.phase) && (
          <PreJoin
            state={state}
            audience={joinsAsAudience(props)}
            cameraTrack={tracks.camera ?? null}
            microphoneTrack={tracks.microphone ?? null}
            devices={devices}
            speaker={speakerId}
            onChooseSpeaker={(deviceId) => {
              setSpeaker(deviceId);
              rememberDevice('speaker', deviceId);
            }}
            onTestSound={() => port.playTestSound(speakerId)}
            displayName={props.displayName}
            onSwitch={(device, on) => dispatch({ type: 'deviceSwitched', device, on })}
            onChoose={(device, deviceId) => dispatch({ type: 'deviceChosen', device, deviceId })}
            onRetryDevices={() => dispatch({ type: 'devicesRetried' })}
            onJoin={() => dispatch({ type: 'joinRequested' })}
          />
        )}
      </div>
    );
  if (!hosting) return main;
  return (
    <div className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="min-w-0">{main}</div>
      <HostPanel
        controls={controls}
        live={state.phase.name === 'inRoom' && room ? live : null}
        mode={props.mode}
        timeZone={props.timeZone}
        onEnded={onEnded}
      />
    </div>
  );
}

const pendingDevices = (state: { camera: { status: string }; microphone: { status: string } }) =>
  state.camera.status === 'pending' || state.microphone.status === 'pending';

/** Waiting for the host, or asking again from the lobby. */
const inLobby = (phase: Phase) =>
  phase.name === 'waiting' || (phase.name === 'joining' && phase.fromLobby === true);

/** The host's panel shows until the room is over for them (ended, or refused). */
const showsHostPanel = (phase: Phase) => phase.name !== 'failed' || isRetryable(phase.failure);
