import {
  ParticipantPermission,
  RoomServiceClient,
  TrackSource,
  TwirpError,
  WebhookReceiver,
} from 'livekit-server-sdk';
import {
  InvalidVideoWebhook,
  ParticipantAbsent,
  type ParticipantPermissions,
  type PublishedSource,
  type RoomParticipant,
  type VideoRoomService,
  VideoServiceUnavailable,
} from '../../kernel/ports/video-rooms.ts';

/**
 * LiveKit's RoomService, through livekit-server-sdk's RoomServiceClient (Twirp over HTTP, a token signed
 * per call with the API key, Web Crypto: it runs on Workers too). Twirp's `not_found` (no such room or
 * participant) is `ParticipantAbsent`; any other refusal, a network error or a timeout is
 * `VideoServiceUnavailable`.
 */
export interface LiveKitRoomsOptions {
  /** The server's URL as the browsers know it (wss://…); the SDK calls its HTTP(S) twin. */
  url: string;
  apiKey: string;
  apiSecret: string;
  timeoutSeconds?: number;
}

const SOURCES: Record<PublishedSource, TrackSource> = {
  camera: TrackSource.CAMERA,
  microphone: TrackSource.MICROPHONE,
  screen_share: TrackSource.SCREEN_SHARE,
  screen_share_audio: TrackSource.SCREEN_SHARE_AUDIO,
};

function permissionOf(permissions: ParticipantPermissions): ParticipantPermission {
  return new ParticipantPermission({
    canSubscribe: permissions.canSubscribe,
    canPublish: permissions.sources.length > 0,
    canPublishData: permissions.canPublishData,
    canPublishSources: permissions.sources.map((source) => SOURCES[source]),
    // Names and attributes are the server's to set: a class cannot rename itself "the company".
    canUpdateMetadata: false,
  });
}

async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof TwirpError && error.code === 'not_found') throw new ParticipantAbsent(error.message);
    throw new VideoServiceUnavailable(`LiveKit ${what} failed: ${(error as Error).message}`, {
      status: error instanceof TwirpError ? error.status : undefined,
      cause: error,
    });
  }
}

export function createLiveKitRooms(options: LiveKitRoomsOptions): VideoRoomService {
  // No region failover: it exists for LiveKit Cloud's hosts, and a host action should fail fast.
  const client = new RoomServiceClient(options.url, options.apiKey, options.apiSecret, {
    requestTimeout: options.timeoutSeconds ?? 5,
    failover: false,
  });
  const webhooks = new WebhookReceiver(options.apiKey, options.apiSecret);

  return {
    async check() {
      await call('listRooms', () => client.listRooms(['passerelle-connection-check']));
    },
    async listParticipants(room) {
      try {
        const participants = await call('ListParticipants', () => client.listParticipants(room));
        return participants.map((participant): RoomParticipant => {
          const microphone = participant.tracks.find((track) => track.source === TrackSource.MICROPHONE);
          return {
            identity: participant.identity,
            name: participant.name,
            attributes: { ...participant.attributes },
            microphone: microphone ? { trackSid: microphone.sid, muted: microphone.muted } : null,
          };
        });
      } catch (error) {
        if (error instanceof ParticipantAbsent) return [];
        throw error;
      }
    },
    async updateParticipant(room, identity, update) {
      await call('UpdateParticipant', () =>
        client.updateParticipant(room, identity, {
          ...(update.permissions ? { permission: permissionOf(update.permissions) } : {}),
          ...(update.attributes ? { attributes: update.attributes } : {}),
        }),
      );
    },
    async muteTrack(room, identity, trackSid) {
      await call('MutePublishedTrack', () => client.mutePublishedTrack(room, identity, trackSid, true));
    },
    async removeParticipant(room, identity) {
      await call('RemoveParticipant', () => client.removeParticipant(room, identity));
    },
    async deleteRoom(room) {
      try {
        await call('DeleteRoom', () => client.deleteRoom(room));
      } catch (error) {
        if (!(error instanceof ParticipantAbsent)) throw error;
      }
    },
    async readWebhook(body, authorization) {
      let event: Awaited<ReturnType<WebhookReceiver['receive']>>;
      try {
        event = await webhooks.receive(body, authorization);
      } catch (error) {
        throw new InvalidVideoWebhook(error);
      }
      return {
        event: event.event,
        room: event.room?.name || null,
        identity: event.participant?.identity || null,
      };
    },
  };
}
