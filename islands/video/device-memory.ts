import type { DeviceKind } from './room-state.ts';

/**
 * The devices chosen on the pre-join screen, kept in this browser (localStorage) for the next meeting:
 * the camera, the microphone and the speaker, by the browser's device ids. Nothing is kept where storage
 * is refused (private browsing, a school's locked-down profile): the browser's defaults are used.
 */
export type RememberedDevices = Record<DeviceKind | 'speaker', string | null>;

const KEY = 'passerelle:video-devices';
const NONE: RememberedDevices = { camera: null, microphone: null, speaker: null };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function rememberedDevices(): RememberedDevices {
  try {
    const kept = JSON.parse(storage()?.getItem(KEY) ?? 'null') as Partial<RememberedDevices> | null;
    const id = (value: unknown) => (typeof value === 'string' && value ? value : null);
    return { camera: id(kept?.camera), microphone: id(kept?.microphone), speaker: id(kept?.speaker) };
  } catch {
    return NONE;
  }
}

export function rememberDevice(kind: keyof RememberedDevices, deviceId: string | null): void {
  if (rememberedDevices()[kind] === deviceId) return;
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...rememberedDevices(), [kind]: deviceId }));
  } catch {
    // Full or refused: the next meeting starts from the browser's defaults.
  }
}
