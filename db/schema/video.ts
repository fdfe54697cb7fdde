import { index, integer, primaryKey, sqliteTable } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.ts';
import { slots } from './slots.ts';

/**
 * A slot's built-in room as its host runs it (docs/decisions/0032): opened to the classes (until then they
 * wait in the lobby), ended for everyone. No row: nobody has opened it yet.
 */
export const videoRooms = sqliteTable('video_rooms', {
  slotId: integer('slot_id')
    .primaryKey()
    .references(() => slots.id, { onDelete: 'cascade' }),
  openedAt: integer('opened_at', { mode: 'timestamp_ms' }),
  openedBy: integer('opened_by').references(() => users.id),
  endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
  endedBy: integer('ended_by').references(() => users.id),
});

/**
 * One class (its teacher's account) in a slot's room: since when it waits in the lobby and when it last
 * asked, whether the host brought it on stage (a webinar), and whether the host removed it — then no token
 * is minted for it again.
 */
export const videoRoomMembers = sqliteTable(
  'video_room_members',
  {
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    waitingSince: integer('waiting_since', { mode: 'timestamp_ms' }),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
    onStage: integer('on_stage', { mode: 'boolean' }).notNull().default(false),
    removedAt: integer('removed_at', { mode: 'timestamp_ms' }),
    removedBy: integer('removed_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.slotId, t.userId] }), index('video_room_members_user_idx').on(t.userId)],
);
