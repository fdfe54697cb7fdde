import { desc, eq, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { videoRoomMembers, videoRooms } from '../../db/schema/video.ts';

/**
 * A person's traces in the built-in video rooms, for « Mes données » (docs/decisions/0098): a class's
 * waits and presence, a host's openings and endings. Nothing of a room's sound or image is ever kept.
 */
export async function videoPersonalData(db: DbOrTx, userId: number) {
  const [presence, hosted] = await Promise.all([
    db
      .select({
        creneau: videoRoomMembers.slotId,
        enAttenteDepuis: videoRoomMembers.waitingSince,
        vuLe: videoRoomMembers.lastSeenAt,
        retireLe: videoRoomMembers.removedAt,
      })
      .from(videoRoomMembers)
      .where(eq(videoRoomMembers.userId, userId))
      .orderBy(desc(videoRoomMembers.lastSeenAt)),
    db
      .select()
      .from(videoRooms)
      .where(or(eq(videoRooms.openedBy, userId), eq(videoRooms.endedBy, userId))),
  ]);
  return {
    presences: presence,
    salonsAnimes: hosted.map((room) => ({
      creneau: room.slotId,
      ouvertParVousLe: room.openedBy === userId ? room.openedAt : null,
      termineParVousLe: room.endedBy === userId ? room.endedAt : null,
    })),
  };
}
