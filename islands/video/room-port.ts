import type { ComponentType } from 'react';
import type { VideoMode } from '../../common/video.ts';
import type { DeviceKind, DeviceProblem, DisconnectCause, JoinFailure } from './room-state.ts';

/**
 * What RoomFlow needs of a video service, so that the flow itself loads no LiveKit code and its tests give
 * it a fake one. The LiveKit implementation is livekit-port.tsx.
 */

type VideoRole = 'host' | 'participant';

/** One opened camera or microphone, shown in the preview and published once in the room. */
export interface PreviewTrack {
  readonly kind: DeviceKind;
  /** The device the browser actually opened, when it says. */
  readonly deviceId: string | null;
  attach(element: HTMLVideoElement): void;
  detach(element: HTMLVideoElement): void;
  stop(): void;
  /** A microphone's loudness now, from 0 (silence) to 1: the pre-join screen's level meter reads it. */
  level?(): number;
}

export interface DeviceOption {
  deviceId: string;
  label: string;
}

/** The devices to choose from; `speaker` is empty where the browser cannot choose where sound plays. */
export type DeviceLists = Record<DeviceKind, DeviceOption[]> & { speaker: DeviceOption[] };

/** videoRoomAccess's answer. */
export interface RoomAccess {
  serverUrl: string;
  token: string;
  roomName: string;
  role: VideoRole;
  mode: VideoMode;
  onStage: boolean;
  opensAt: string;
  closesAt: string;
}

/** Who the viewer is in the room they are in: what the room's controls need beyond LiveKit. */
export interface RoomSession {
  slotId: number;
  role: VideoRole;
  mode: VideoMode;
}

/** One person in the room, as the webinar's controls and the host's panel read them. */
export interface ParticipantView {
  /** The user's id on the platform (the token's identity). */
  identity: string;
  name: string;
  isLocal: boolean;
  role: VideoRole;
  /** On stage: may publish camera and microphone (always, for the host and in a conference). */
  canPublish: boolean;
  /** Since when their hand is up (ISO-8601, the server's clock); null when it is down. */
  handRaisedAt: string | null;
  microphone: 'none' | 'on' | 'muted';
}

export interface ConnectedRoom {
  disconnect(): Promise<void> | void;
}

export interface VideoPort<Room extends ConnectedRoom = ConnectedRoom> {
  /**
   * Opens the devices named (a device id, or null for the default); one permission prompt for both.
   * Each answer is the track, or why it could not be opened.
   */
  open(
    request: Partial<Record<DeviceKind, string | null>>,
  ): Promise<Partial<Record<DeviceKind, PreviewTrack | DeviceProblem>>>;
  /** The cameras, microphones and speakers, named (names come once access is granted). */
  listDevices(): Promise<DeviceLists>;
  /** Plays a short sound on the speaker chosen (null: the browser's default), for the sound test. */
  playTestSound(speakerId: string | null): Promise<void>;
  /**
   * Connects, then publishes the tracks, the room's sound playing on the speaker given; rejects with an
   * error that `connectionFailure` reads.
   */
  connect(
    access: RoomAccess,
    tracks: PreviewTrack[],
    onDisconnected: (cause: DisconnectCause) => void,
    speakerId: string | null,
  ): Promise<Room>;
  connectionFailure(error: unknown): JoinFailure;
  /** Who is in the room (re-rendering as that changes); empty without a room. */
  useParticipants(room: Room | null): ParticipantView[];
  /** The room itself, once connected. */
  Conference: ComponentType<{ room: Room; session: RoomSession }>;
}

/** What the room's island receives from its page (serialised by the server). */
export interface VideoRoomProps {
  slotId: number;
  /** The company hosts (its side panel: lobby, classes, controls); the classes take part. */
  role: VideoRole;
  /** A webinar's classes join as its audience; elsewhere everyone publishes. */
  mode: VideoMode;
  /** "Prénom Nom — Établissement" or "Prénom Nom — Entreprise", as the token names the viewer. */
  displayName: string;
  /** The slot's zone, for the window's times. */
  timeZone: string;
  opensAt: string;
  closesAt: string;
  /** Where leaving leads: the teacher's meeting details, or the company's meetings. */
  returnUrl: string;
  returnLabel: string;
}
