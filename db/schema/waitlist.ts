import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { PublicCategory } from '../../common/constants.ts';
import type { WaitlistStatus } from '../../common/waitlist.ts';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { slots } from './slots.ts';

/**
 * Teachers waiting for seats on a full slot (docs/decisions/0041). `waiting` entries are in line by
 * `created_at`; an `offered` one holds its group's seats on the slot (`slots.seats_held`) until
 * `offer_expires_at`; the others are closed: `booked`, `lapsed`, `declined`, `left`.
 */
export const waitlistEntries = sqliteTable(
  'waitlist_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupSize: integer('group_size').notNull(),
    /** The group's category, for the booking the offer becomes. */
    publicCategory: text('public_category').$type<PublicCategory>().notNull(),
    status: text('status').$type<WaitlistStatus>().notNull().default('waiting'),
    offeredAt: integer('offered_at', { mode: 'timestamp_ms' }),
    offerExpiresAt: integer('offer_expires_at', { mode: 'timestamp_ms' }),
    /**
     * The meeting an accepted offer became; on an open entry, the booking that waits for `group_size` more
     * seats (its teacher's larger group, docs/decisions/0048), added to it when they come free.
     */
    meetingId: integer('meeting_id'),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One open entry per teacher and slot, whatever the concurrency.
    uniqueIndex('waitlist_entries_open_idx')
      .on(t.slotId, t.teacherId)
      .where(sql`${t.status} IN ('waiting', 'offered')`),
    // The line of a slot, in order; and the offers that lapse.
    index('waitlist_entries_line_idx').on(t.slotId, t.status, t.createdAt, t.id),
    index('waitlist_entries_offers_idx').on(t.status, t.offerExpiresAt),
    index('waitlist_entries_teacher_idx').on(t.teacherId, t.status),
  ],
);
