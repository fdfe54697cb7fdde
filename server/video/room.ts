import { and, asc, eq, gte, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { videoRoomMembers, videoRooms } from '../../db/schema/video.ts';

/**
 * What the platform keeps of a slot's room (docs/decisions/0032): whether its host opened it to the classes
 * or ended it, and for each class whether it waits, is on stage or was removed. Each write is one statement
 * (an upsert or a guarded update), so a rerun or two hosts acting at once leave it whole.
 */

export type RoomRecord = typeof videoRooms.$inferSelect;
export type MemberRecord = typeof videoRoomMembers.$inferSelect;

export async function roomRecord(db: DbOrTx, slotId: number): Promise<RoomRecord | null> {
  const [room] = await db.select().from(videoRooms).where(eq(videoRooms.slotId, slotId)).limit(1);
  return room ?? null;
}

export async function memberRecord(db: DbOrTx, slotId: number, userId: number): Promise<MemberRecord | null> {
  const [member] = await db
    .select()
    .from(videoRoomMembers)
    .where(and(eq(videoRoomMembers.slotId, slotId), eq(videoRoomMembers.userId, userId)))
    .limit(1);
  return member ?? null;
}

export function membersOf(db: DbOrTx, slotId: number): Promise<MemberRecord[]> {
  return db.select().from(videoRoomMembers).where(eq(videoRoomMembers.slotId, slotId));
}

/** A class asked to enter before the room was opened: it waits since its first ask, seen now. */
export async function recordWaiting(db: DbOrTx, slotId: number, userId: number, now: Date): Promise<void> {
  await db
    .insert(videoRoomMembers)
    .values({ slotId, userId, waitingSince: now, lastSeenAt: now })
    .onConflictDoUpdate({
      target: [videoRoomMembers.slotId, videoRoomMembers.userId],
      set: {
        lastSeenAt: now,
        waitingSince: sql`coalesce(${videoRoomMembers.waitingSince}, ${now.getTime()})`,
      },
    });
}

/** The classes waiting now (asked within `since`), first come first; removed ones wait no more. */
export function lobbyOf(db: DbOrTx, slotId: number, since: Date): Promise<MemberRecord[]> {
  return db
    .select()
    .from(videoRoomMembers)
    .where(
      and(
        eq(videoRoomMembers.slotId, slotId),
        isNotNull(videoRoomMembers.waitingSince),
        gte(videoRoomMembers.lastSeenAt, since),
        isNull(videoRoomMembers.removedAt),
      ),
    )
    .orderBy(asc(videoRoomMembers.waitingSince), asc(videoRoomMembers.userId));
}

/** Opens the room to the classes; opening it again keeps the first instant. Not once it has ended. */
export async function openRoom(db: DbOrTx, slotId: number, by: number, now: Date): Promise<void> {
  await db
    .insert(videoRooms)
    .values({ slotId, openedAt: now, openedBy: by })
    .onConflictDoUpdate({
      target: videoRooms.slotId,
      set: {
        openedAt: sql`coalesce(${videoRooms.openedAt}, ${now.getTime()})`,
        openedBy: sql`coalesce(${videoRooms.openedBy}, ${by})`,
      },
      setWhere: isNull(videoRooms.endedAt),
    });
}

/** Ends the room for everyone: no token is minted for it again. The first end is the one kept. */
export async function endRoom(db: DbOrTx, slotId: number, by: number, now: Date): Promise<void> {
  await db
    .insert(videoRooms)
    .values({ slotId, endedAt: now, endedBy: by })
    .onConflictDoUpdate({
      target: videoRooms.slotId,
      set: { endedAt: now, endedBy: by },
      setWhere: isNull(videoRooms.endedAt),
    });
}

/** A class brought on stage (or sent back): its next token publishes (or not) as the host decided. */
export async function setOnStage(
  db: DbOrTx,
  slotId: number,
  userId: number,
  onStage: boolean,
  now: Date,
): Promise<void> {
  await db
    .insert(videoRoomMembers)
    .values({ slotId, userId, lastSeenAt: now, onStage })
    .onConflictDoUpdate({ target: [videoRoomMembers.slotId, videoRoomMembers.userId], set: { onStage } });
}

/** A class removed by the host: it leaves the stage and the lobby, and gets no token again. */
export async function markRemoved(
  db: DbOrTx,
  slotId: number,
  userId: number,
  by: number,
  now: Date,
): Promise<void> {
  await db
    .insert(videoRoomMembers)
    .values({ slotId, userId, lastSeenAt: now, removedAt: now, removedBy: by })
    .onConflictDoUpdate({
      target: [videoRoomMembers.slotId, videoRoomMembers.userId],
      set: {
        removedAt: sql`coalesce(${videoRoomMembers.removedAt}, ${now.getTime()})`,
        removedBy: sql`coalesce(${videoRoomMembers.removedBy}, ${by})`,
        onStage: false,
        waitingSince: null,
      },
    });
}
