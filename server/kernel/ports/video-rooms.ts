/**
 * The video service's server API, as the room's host actions need it (docs/decisions/0032): who is in a
 * room, their permissions and attributes, muting, removing, closing. The LiveKit adapter speaks LiveKit's
 * RoomService (Twirp); tests run it against a local server that answers like LiveKit's.
 */

/** What a participant may publish: the stage's camera and microphone, the host's screen too, or nothing. */
export type PublishedSource = 'camera' | 'microphone' | 'screen_share' | 'screen_share_audio';

export interface ParticipantPermissions {
  canSubscribe: boolean;
  canPublishData: boolean;
  /** Empty: publishes nothing (the audience of a webinar). */
  sources: PublishedSource[];
}

export interface RoomParticipant {
  identity: string;
  name: string;
  attributes: Record<string, string>;
  /** Their published microphone, if any. */
  microphone: { trackSid: string; muted: boolean } | null;
}

export interface VideoRoomService {
  /** Whether the service answers now, with these keys: throws `VideoServiceUnavailable` when it does not. */
  check(): Promise<void>;
  /** Who is in the room now; empty when the room does not exist (nobody joined yet, or it closed). */
  listParticipants(room: string): Promise<RoomParticipant[]>;
  /**
   * Changes a participant's permissions (replaced whole: tracks they may no longer publish are unpublished
   * by the service) and attributes (merged; an empty value removes one). `ParticipantAbsent` when they are
   * not in the room.
   */
  updateParticipant(
    room: string,
    identity: string,
    update: { permissions?: ParticipantPermissions; attributes?: Record<string, string> },
  ): Promise<void>;
  /** Mutes one of their tracks; they may unmute it themselves. `ParticipantAbsent` when not in the room. */
  muteTrack(room: string, identity: string, trackSid: string): Promise<void>;
  /** Disconnects them; `ParticipantAbsent` when they are not in the room. */
  removeParticipant(room: string, identity: string): Promise<void>;
  /** Disconnects everyone and closes the room; a room that does not exist is no error. */
  deleteRoom(room: string): Promise<void>;
  /**
   * A webhook the service posted, once its signature is checked: what happened, in which room, to whom.
   * Throws `InvalidVideoWebhook` for a body the service did not sign.
   */
  readWebhook(
    body: string,
    authorization: string | undefined,
  ): Promise<{ event: string; room: string | null; identity: string | null }>;
}

/** The participant is not (or no longer) in the room, or the room itself is gone. */
export class ParticipantAbsent extends Error {
  constructor(message = 'participant not in the room') {
    super(message);
    this.name = 'ParticipantAbsent';
  }
}

/** The service did not answer, or answered outside its contract. */
export class VideoServiceUnavailable extends Error {
  readonly status: number | undefined;

  constructor(message: string, options: { status?: number; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'VideoServiceUnavailable';
    this.status = options.status;
  }
}

export class InvalidVideoWebhook extends Error {
  constructor(cause: unknown) {
    super('webhook not signed by the video service', { cause });
    this.name = 'InvalidVideoWebhook';
  }
}
