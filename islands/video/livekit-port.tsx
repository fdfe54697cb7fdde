import {
  ConnectionError,
  ConnectionErrorReason,
  createAudioAnalyser,
  createLocalTracks,
  DisconnectReason,
  LocalAudioTrack,
  type LocalTrack,
  Room,
  RoomEvent,
} from 'livekit-client';
import { Conference } from './Conference.tsx';
import { useParticipants } from './room-model.ts';
import type { DeviceLists, PreviewTrack, VideoPort } from './room-port.ts';
import {
  DEVICE_KINDS,
  type DeviceKind,
  type DeviceProblem,
  type DisconnectCause,
  deviceProblemOf,
} from './room-state.ts';

/** The LiveKit tracks behind the previews, for publishing them as they are: no second prompt, no flicker. */
const liveKitTracks = new WeakMap<PreviewTrack, LocalTrack>();

function previewOf(track: LocalTrack): PreviewTrack {
  // The level meter's analyser, made when first read and closed with the track.
  let analyser: ReturnType<typeof createAudioAnalyser> | null = null;
  const preview: PreviewTrack = {
    kind: track.kind === 'video' ? 'camera' : 'microphone',
    deviceId: track.mediaStreamTrack.getSettings().deviceId ?? null,
    attach: (element) => {
      track.attach(element);
    },
    detach: (element) => {
      track.detach(element);
    },
    stop: () => {
      void analyser?.cleanup();
      analyser = null;
      track.stop();
    },
  };
  if (track instanceof LocalAudioTrack) {
    preview.level = () => {
      analyser ??= createAudioAnalyser(track, { cloneTrack: true });
      return analyser.calculateVolume();
    };
  }
  liveKitTracks.set(preview, track);
  return preview;
}

const captureOptions = (deviceId: string | null | undefined) =>
  deviceId ? { deviceId: { exact: deviceId } } : true;

async function open(
  request: Partial<Record<DeviceKind, string | null>>,
): Promise<Partial<Record<DeviceKind, PreviewTrack | DeviceProblem>>> {
  const kinds = DEVICE_KINDS.filter((kind) => kind in request);
  try {
    const tracks = await createLocalTracks({
      video: 'camera' in request ? captureOptions(request.camera) : false,
      audio: 'microphone' in request ? captureOptions(request.microphone) : false,
    });
    return Object.fromEntries(tracks.map(previewOf).map((preview) => [preview.kind, preview]));
  } catch (error) {
    const [only] = kinds;
    if (kinds.length === 1 && only) {
      const problem = deviceProblemOf(error);
      // A device remembered from another meeting may be gone: the browser's default then.
      if (problem === 'missing' && request[only]) return open({ [only]: null });
      return { [only]: problem };
    }
    // One request for both failed: each alone says which one cannot be used.
    const answers = await Promise.all(kinds.map((kind) => open({ [kind]: request[kind] ?? null })));
    return Object.assign({}, ...answers);
  }
}

async function listDevices(): Promise<DeviceLists> {
  const all = await navigator.mediaDevices.enumerateDevices();
  const of = (kind: MediaDeviceKind, unnamed: string) =>
    all
      .filter((device) => device.kind === kind && device.deviceId)
      .map((device, index) => ({
        deviceId: device.deviceId,
        label: device.label || `${unnamed} ${index + 1}`,
      }));
  return {
    camera: of('videoinput', 'Caméra'),
    microphone: of('audioinput', 'Micro'),
    // Choosing a speaker needs setSinkId (not in every browser): otherwise the system's plays.
    speaker: 'setSinkId' in HTMLMediaElement.prototype ? of('audiooutput', 'Haut-parleur') : [],
  };
}

/** Two short notes (under a second) on the speaker chosen, through the Web Audio API. */
async function playTestSound(speakerId: string | null): Promise<void> {
  const context = new AudioContext();
  const sink = context as AudioContext & { setSinkId?(id: string): Promise<void> };
  if (speakerId && sink.setSinkId) await sink.setSinkId(speakerId);
  const start = context.currentTime;
  const notes = [660, 880].map((frequency, index) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const at = start + index * 0.35;
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.4, at + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.32);
    return new Promise<void>((resolve) => {
      oscillator.onended = () => resolve();
    });
  });
  await Promise.all(notes);
  await context.close();
}

function causeOf(reason: DisconnectReason | undefined): DisconnectCause {
  switch (reason) {
    case DisconnectReason.CLIENT_INITIATED:
      return 'left';
    case DisconnectReason.PARTICIPANT_REMOVED:
      return 'removed';
    case DisconnectReason.DUPLICATE_IDENTITY:
      return 'duplicate';
    case DisconnectReason.ROOM_DELETED:
    case DisconnectReason.ROOM_CLOSED:
      return 'ended';
    default:
      return 'lost';
  }
}

/** Tells the flow once how the connection ended, as LiveKit gives the reason. */
export function followDisconnection(room: Room, onDisconnected: (cause: DisconnectCause) => void): void {
  room.once(RoomEvent.Disconnected, (reason) => onDisconnected(causeOf(reason)));
}

/** The video service of the room: LiveKit, through livekit-client and @livekit/components-react. */
export const liveKitPort: VideoPort<Room> = {
  open,
  listDevices,
  playTestSound,
  async connect(access, tracks, onDisconnected, speakerId) {
    const room = new Room({
      adaptiveStream: true,
      dynacast: true,
      ...(speakerId ? { audioOutput: { deviceId: speakerId } } : {}),
    });
    try {
      await room.connect(access.serverUrl, access.token);
    } catch (error) {
      await room.disconnect(false);
      throw error;
    }
    followDisconnection(room, onDisconnected);
    for (const preview of tracks) {
      const track = liveKitTracks.get(preview);
      // A device that cannot be published leaves its switch off in the room, where it can be tried again.
      if (track) await room.localParticipant.publishTrack(track).catch(() => track.stop());
    }
    return room;
  },
  connectionFailure(error) {
    // LiveKit answers 401 to a token that expired (or was refused): a new one may be asked for.
    return error instanceof ConnectionError && error.reason === ConnectionErrorReason.NotAllowed
      ? { kind: 'expired' }
      : { kind: 'unreachable' };
  },
  useParticipants,
  Conference,
};
