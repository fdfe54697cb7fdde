import type { Hono } from 'hono';
import { limitBody } from '../http/body-limit.ts';
import type { AppEnv, Deps } from '../kernel/context.ts';
import { InvalidVideoWebhook } from '../kernel/ports/video-rooms.ts';
import { disconnect } from './host.ts';
import { memberRecord, roomRecord } from './room.ts';

export const VIDEO_WEBHOOK_PATH = '/api/video/livekit-webhook';

/** LiveKit's webhooks are small JSON events; anything much larger is not one of them. */
const MAX_WEBHOOK_BYTES = 64 * 1024;

const ROOM_NAME = /^creneau-(\d+)$/;

/**
 * Someone entered a room: if the host removed them, or ended the meeting, out again. A token minted before
 * stays valid on a LiveKit server that does not revoke tokens on RemoveParticipant (self-hosted
 * livekit-server does not), so this is what keeps a removed class out of it (docs/decisions/0032).
 */
export async function keepOutWhoMayNotBeIn(
  deps: Deps,
  event: { event: string; room: string | null; identity: string | null },
): Promise<'removed' | 'closed' | 'nothing'> {
  const rooms = deps.videoRooms;
  const slotId = Number(ROOM_NAME.exec(event.room ?? '')?.[1]);
  if (!rooms || event.event !== 'participant_joined' || !event.room || !slotId) return 'nothing';
  if ((await roomRecord(deps.db, slotId))?.endedAt) {
    await rooms.deleteRoom(event.room);
    return 'closed';
  }
  const userId = Number(event.identity);
  if (!Number.isSafeInteger(userId) || !(await memberRecord(deps.db, slotId, userId))?.removedAt) {
    return 'nothing';
  }
  await disconnect(deps, rooms, event.room, String(userId));
  return 'removed';
}

/**
 * `POST /api/video/livekit-webhook`: the URL to give LiveKit (`webhook.urls` in livekit.yaml, or the
 * project's webhooks on LiveKit Cloud), signed with the platform's API key. 401 for a body it did not sign.
 */
export function mountVideoWebhook(app: Hono<AppEnv>): void {
  const limit = limitBody(MAX_WEBHOOK_BYTES, (c) => c.body(null, 413));
  app.post(VIDEO_WEBHOOK_PATH, limit, async (c) => {
    const { deps } = c.var;
    if (!deps.videoRooms) return c.notFound();
    const body = await c.req.text();
    let event: Awaited<ReturnType<typeof deps.videoRooms.readWebhook>>;
    try {
      event = await deps.videoRooms.readWebhook(body, c.req.header('authorization'));
    } catch (error) {
      if (error instanceof InvalidVideoWebhook) return c.body(null, 401);
      throw error;
    }
    const done = await keepOutWhoMayNotBeIn(deps, event);
    if (done !== 'nothing') deps.log.info('video webhook', { ...event, done });
    return c.body(null, 200);
  });
}
