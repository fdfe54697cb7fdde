/**
 * The video room's state machine, without LiveKit or React: the camera and microphone of the pre-join
 * screen, then joining, being in the room, and every way it can fail. RoomFlow runs it; the tests drive it.
 */

export type DeviceKind = 'camera' | 'microphone';
export const DEVICE_KINDS: readonly DeviceKind[] = ['camera', 'microphone'];

/** Why a device cannot be used: access refused, none plugged in, held by another application, other. */
export type DeviceProblem = 'denied' | 'missing' | 'busy' | 'failed';
/** Asked for (opening), working, switched off by the user, or its problem. */
type DeviceStatus = 'pending' | 'on' | 'off' | DeviceProblem;

export interface DeviceState {
  status: DeviceStatus;
  /** The device chosen in the list; null for the browser's default. */
  deviceId: string | null;
  /** Counts the openings asked for, so that the answer of an older one is ignored. */
  request: number;
}

export type JoinFailure =
  /** The LiveKit server did not answer (down, or unreachable from this network). */
  | { kind: 'unreachable' }
  /** The LiveKit server refused the token: it expired, or the room closed meanwhile. */
  | { kind: 'expired' }
  /** The room is not open (video_room_closed): too early, or over. */
  | { kind: 'closed'; opensAt: string; closesAt: string }
  /** No room for this slot (video_unavailable): LiveKit is not configured, or the slot has its own link. */
  | { kind: 'unavailable'; externalLink: string | null }
  /** The viewer lost the right to enter meanwhile (booking cancelled…). */
  | { kind: 'forbidden' }
  /** The connection dropped while in the room. */
  | { kind: 'lost' }
  /** The company removed the viewer from the room, or closed it. */
  | { kind: 'removed' }
  | { kind: 'ended' }
  /** The same account entered the room elsewhere (another tab or device), which took its place. */
  | { kind: 'duplicate' }
  /** Our own API failed: its French message. */
  | { kind: 'api'; message: string };

export type Phase =
  | { name: 'preJoin' }
  /** Asking for the token, then connecting; `fromLobby` when asking again from the lobby. */
  | { name: 'joining'; fromLobby?: boolean }
  /** In the lobby: the host has not opened the room yet; RoomFlow asks again now and then. */
  | { name: 'waiting' }
  | { name: 'inRoom' }
  | { name: 'leaving' }
  | { name: 'failed'; failure: JoinFailure };

export interface RoomState {
  phase: Phase;
  camera: DeviceState;
  microphone: DeviceState;
}

/** How a connection ended, as the LiveKit adapter reads its reason. */
export type DisconnectCause = 'left' | 'lost' | 'removed' | 'ended' | 'duplicate';

export type RoomAction =
  | { type: 'deviceOpened'; device: DeviceKind; request: number; deviceId: string | null }
  | { type: 'deviceFailed'; device: DeviceKind; request: number; problem: DeviceProblem }
  | { type: 'deviceSwitched'; device: DeviceKind; on: boolean }
  | { type: 'deviceChosen'; device: DeviceKind; deviceId: string }
  /** "Réessayer" on a device problem: asks again for each device that has one. */
  | { type: 'devicesRetried' }
  | { type: 'joinRequested' }
  /** The host has not opened the room: to the lobby. */
  | { type: 'joinWaiting' }
  /** Time to ask again from the lobby. */
  | { type: 'lobbyAsked' }
  | { type: 'joined' }
  | { type: 'joinFailed'; failure: JoinFailure }
  /** The host ended the meeting from this page. */
  | { type: 'roomEnded' }
  /** The closed room's opening time came: back to the pre-join screen, its devices opened again. */
  | { type: 'windowOpened' }
  | { type: 'disconnected'; cause: DisconnectCause };

export const initialRoomState: RoomState = {
  phase: { name: 'preJoin' },
  camera: { status: 'pending', deviceId: null, request: 1 },
  microphone: { status: 'pending', deviceId: null, request: 1 },
};

/** The pre-join screen opening the devices remembered from the last meeting (null: the browser's default). */
export function preJoinState(remembered: Record<DeviceKind, string | null>): RoomState {
  return {
    ...initialRoomState,
    camera: { ...initialRoomState.camera, deviceId: remembered.camera },
    microphone: { ...initialRoomState.microphone, deviceId: remembered.microphone },
  };
}

/**
 * A webinar's class joins as audience: it publishes nothing, so no camera or microphone is opened (nor
 * asked for) before it enters; the room offers them if the host brings it on stage.
 */
export const audienceRoomState: RoomState = {
  phase: { name: 'preJoin' },
  camera: { status: 'off', deviceId: null, request: 0 },
  microphone: { status: 'off', deviceId: null, request: 0 },
};

const PROBLEMS: readonly DeviceStatus[] = ['denied', 'missing', 'busy', 'failed'];
export const isProblem = (status: DeviceStatus): status is DeviceProblem => PROBLEMS.includes(status);

/** Failures after which "Réessayer" joins again; the others leave nothing to retry here. */
export function isRetryable(failure: JoinFailure): boolean {
  return ['unreachable', 'expired', 'lost', 'duplicate', 'api'].includes(failure.kind);
}

/**
 * The pre-join screen shows while choosing, joining, waiting in the lobby, and after a failure that can be
 * retried.
 */
export function showsPreJoin(phase: Phase): boolean {
  return (
    phase.name === 'preJoin' ||
    phase.name === 'joining' ||
    phase.name === 'waiting' ||
    (phase.name === 'failed' && isRetryable(phase.failure))
  );
}

const reopen = (device: DeviceState, deviceId = device.deviceId): DeviceState => ({
  status: 'pending',
  deviceId,
  request: device.request + 1,
});

export function roomReducer(state: RoomState, action: RoomAction): RoomState {
  switch (action.type) {
    case 'deviceOpened':
    case 'deviceFailed': {
      const device = state[action.device];
      if (device.status !== 'pending' || device.request !== action.request) return state;
      const next: DeviceState =
        action.type === 'deviceOpened'
          ? { ...device, status: 'on', deviceId: action.deviceId ?? device.deviceId }
          : { ...device, status: action.problem };
      return { ...state, [action.device]: next };
    }
    case 'deviceSwitched': {
      if (!showsPreJoin(state.phase) || state.phase.name === 'joining') return state;
      const device = state[action.device];
      if (!action.on) return { ...state, [action.device]: { ...device, status: 'off' } };
      return device.status === 'off' ? { ...state, [action.device]: reopen(device) } : state;
    }
    case 'deviceChosen': {
      if (state.phase.name === 'joining' || state.phase.name === 'inRoom') return state;
      return { ...state, [action.device]: reopen(state[action.device], action.deviceId) };
    }
    case 'devicesRetried': {
      const retried = (device: DeviceState) => (isProblem(device.status) ? reopen(device) : device);
      return { ...state, camera: retried(state.camera), microphone: retried(state.microphone) };
    }
    case 'joinRequested': {
      if (!showsPreJoin(state.phase) || state.phase.name === 'joining' || state.phase.name === 'waiting') {
        return state;
      }
      if (state.camera.status === 'pending' || state.microphone.status === 'pending') return state;
      return { ...state, phase: { name: 'joining' } };
    }
    case 'joinWaiting':
      return state.phase.name === 'joining' ? { ...state, phase: { name: 'waiting' } } : state;
    case 'lobbyAsked':
      return state.phase.name === 'waiting'
        ? { ...state, phase: { name: 'joining', fromLobby: true } }
        : state;
    case 'joined':
      return state.phase.name === 'joining' ? { ...state, phase: { name: 'inRoom' } } : state;
    case 'joinFailed':
      return state.phase.name === 'joining'
        ? { ...state, phase: { name: 'failed', failure: action.failure } }
        : state;
    case 'roomEnded':
      return state.phase.name === 'leaving'
        ? state
        : { ...state, phase: { name: 'failed', failure: { kind: 'ended' } } };
    case 'windowOpened': {
      if (state.phase.name !== 'failed' || state.phase.failure.kind !== 'closed') return state;
      // The devices were let go when the room said it was closed: those that were on open again.
      const again = (device: DeviceState) => (device.status === 'on' ? reopen(device) : device);
      return { phase: { name: 'preJoin' }, camera: again(state.camera), microphone: again(state.microphone) };
    }
    case 'disconnected': {
      if (state.phase.name !== 'inRoom') return state;
      if (action.cause === 'left') return { ...state, phase: { name: 'leaving' } };
      // The room stopped the tracks it published: to join again, the devices that were on open again.
      const back = action.cause === 'lost' || action.cause === 'duplicate';
      const again = (device: DeviceState) => (back && device.status === 'on' ? reopen(device) : device);
      return {
        phase: { name: 'failed', failure: { kind: action.cause } },
        camera: again(state.camera),
        microphone: again(state.microphone),
      };
    }
  }
}

/** What "Rejoindre" says: which device the viewer will be missing, if any. */
export function joinLabel(state: Pick<RoomState, 'camera' | 'microphone'>): string {
  const withoutCamera = isProblem(state.camera.status);
  const withoutMicrophone = isProblem(state.microphone.status);
  if (withoutCamera && withoutMicrophone) return 'Rejoindre sans caméra ni micro';
  if (withoutCamera) return 'Rejoindre sans caméra';
  if (withoutMicrophone) return 'Rejoindre sans micro';
  return 'Rejoindre';
}

const DEVICE_NAMES: Record<DeviceKind, string> = { camera: 'la caméra', microphone: 'le micro' };
const TO_DEVICE: Record<DeviceKind, string> = { camera: 'à la caméra', microphone: 'au micro' };

/**
 * What went wrong with the devices and what to do, in French; null when nothing did. Both devices with
 * the same problem share one sentence.
 */
export function deviceProblemText(
  state: Pick<RoomState, 'camera' | 'microphone'>,
): { problem: DeviceProblem; text: string }[] {
  const problems = DEVICE_KINDS.flatMap((kind) => {
    const status = state[kind].status;
    return isProblem(status) ? [{ kind, problem: status }] : [];
  });
  const byProblem = new Map<DeviceProblem, DeviceKind[]>();
  for (const { kind, problem } of problems) byProblem.set(problem, [...(byProblem.get(problem) ?? []), kind]);
  return [...byProblem].map(([problem, kinds]) => ({ problem, text: problemText(problem, kinds) }));
}

function problemText(problem: DeviceProblem, kinds: DeviceKind[]): string {
  const both = kinds.length === 2;
  const names = kinds.map((kind) => DEVICE_NAMES[kind]).join(' et ');
  switch (problem) {
    case 'denied':
      return (
        `Votre navigateur bloque l’accès ${kinds.map((kind) => TO_DEVICE[kind]).join(' et ')}. ` +
        'Pour l’autoriser, cliquez sur l’icône à gauche de l’adresse du site (cadenas ou caméra barrée), ' +
        'choisissez « Autoriser », puis « Réessayer ». Vous pouvez aussi rejoindre la salle sans.'
      );
    case 'missing':
      return both
        ? 'Aucune caméra ni aucun micro n’a été trouvé sur cet appareil. Branchez-en un puis « Réessayer », ou rejoignez la salle pour regarder et écouter.'
        : kinds[0] === 'camera'
          ? 'Aucune caméra n’a été trouvée sur cet appareil. Vous pouvez rejoindre la salle avec le micro seul, ou brancher une caméra puis « Réessayer ».'
          : 'Aucun micro n’a été trouvé sur cet appareil. Vous pouvez rejoindre la salle sans micro, ou en brancher un puis « Réessayer ».';
    case 'busy':
      return `${capitalise(names)} ${both ? 'sont' : 'est'} déjà ${both ? 'utilisés' : kinds[0] === 'camera' ? 'utilisée' : 'utilisé'} par une autre application. Fermez-la, puis « Réessayer ».`;
    case 'failed':
      return `${capitalise(names)} ne ${both ? 'répondent' : 'répond'} pas. Vérifiez ${both ? 'leurs' : 'ses'} branchements, puis « Réessayer ».`;
  }
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A getUserMedia failure, by the DOMException names browsers use. */
export function deviceProblemOf(error: unknown): DeviceProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'missing';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}

/** What videoRoomAccess's error means for the viewer: its code and extensions, as the API sends them. */
export function accessFailure(
  code: string,
  message: string,
  extensions: Record<string, unknown>,
): JoinFailure {
  switch (code) {
    case 'video_room_closed':
      return { kind: 'closed', opensAt: String(extensions.opensAt), closesAt: String(extensions.closesAt) };
    case 'video_room_ended':
      return { kind: 'ended' };
    case 'video_participant_removed':
      return { kind: 'removed' };
    case 'video_unavailable':
    case 'NOT_FOUND':
      return {
        kind: 'unavailable',
        externalLink: typeof extensions.externalLink === 'string' ? extensions.externalLink : null,
      };
    case 'FORBIDDEN':
      return { kind: 'forbidden' };
    default:
      return { kind: 'api', message };
  }
}
