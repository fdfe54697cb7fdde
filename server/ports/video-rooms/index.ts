import type { VideoRoomService } from '../../kernel/ports/video-rooms.ts';
import { createLiveKitRooms } from './livekit.ts';

export { createLiveKitRooms, type LiveKitRoomsOptions } from './livekit.ts';

/** LiveKit's server API when the platform has a LiveKit server (the three settings); null otherwise. */
export function createVideoRooms(config: {
  LIVEKIT_URL?: string | undefined;
  LIVEKIT_API_KEY?: string | undefined;
  LIVEKIT_API_SECRET?: string | undefined;
}): VideoRoomService | null {
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = config;
  return url && apiKey && apiSecret ? createLiveKitRooms({ url, apiKey, apiSecret }) : null;
}
