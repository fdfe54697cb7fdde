import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { MeetingType, PublicCategory, SlotSubject } from '../../common/constants.ts';
import { createdAt } from './columns.ts';
import { companies } from './companies.ts';

export const slots = sqliteTable(
  'slots',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
    endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
    timeZone: text('time_zone').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    meetingType: text('meeting_type').$type<MeetingType>().notNull(),
    publicCategories: text('public_categories', { mode: 'json' }).$type<PublicCategory[]>().notNull(),
    subjects: text('subjects', { mode: 'json' }).$type<SlotSubject[]>().notNull(),
    maxParticipants: integer('max_participants').notNull(),
    /** Kept by the booking's conditional write: never above `maxParticipants`. */
    seatsTaken: integer('seats_taken').notNull().default(0),
    /**
     * Seats held for a waitlist offer (docs/decisions/0041): counted in `seatsTaken` too, so every check of
     * the seats left holds them; turned into a booking's seats when the offer is accepted.
     */
    seatsHeld: integer('seats_held').notNull().default(0),
    speakerName: text('speaker_name').notNull(),
    speakerFirstname: text('speaker_firstname').notNull(),
    speakerEmail: text('speaker_email').notNull(),
    speakerPhone: text('speaker_phone').notNull(),
    speakerRole: text('speaker_role').notNull(),
    description: text('description'),
    /** External video link of a webinar; null means the built-in video room. */
    videoLink: text('video_link'),
    /** Where a company visit happens when it is not the company's address. */
    placeLabel: text('place_label'),
    placeLat: real('place_lat'),
    placeLng: real('place_lng'),
    /** Slots duplicated in one step share the id of the slot they were copied from. */
    seriesId: integer('series_id'),
    createdAt: createdAt(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
    /**
     * Set when its company deletes a slot that had bookings: the row stays, closed (no seat), so that the
     * teachers keep the cancelled meeting in their history. A slot never booked is deleted outright.
     */
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
    /**
     * Its company is on the platform (validated) in a department that is open: what an open slot needs
     * beside its own state (server/slots/open.ts). Kept by the slots domain when a company's status or a
     * department changes (their events, docs/decisions/0043), so that the rule reads one table.
     */
    listed: integer('listed', { mode: 'boolean' }).notNull().default(true),
  },
  (t) => [
    index('slots_company_starts_idx').on(t.companyId, t.startsAt),
    // Covers the open slots' counts: the range on starts_at, read from the index alone. Its condition is the
    // open-slot rule's own terms (server/slots/open.ts), which is what lets SQLite use it.
    // Its condition's columns are in it too: SQLite reads the table for a column only the condition names.
    index('slots_open_starts_idx')
      .on(t.startsAt, t.seatsTaken, t.maxParticipants, t.companyId, t.listed, t.deletedAt)
      .where(sql`${t.deletedAt} IS NULL AND ${t.listed} = 1 AND ${t.seatsTaken} < ${t.maxParticipants}`),
    // A company's open slots from a date on, from the index alone: the suggestions' next free seats and seats
    // this week, one lookup per company near the teacher (issue 22: the home page's heaviest query).
    index('slots_open_company_idx')
      .on(t.companyId, t.startsAt, t.seatsTaken, t.maxParticipants, t.listed, t.deletedAt)
      .where(sql`${t.deletedAt} IS NULL AND ${t.listed} = 1 AND ${t.seatsTaken} < ${t.maxParticipants}`),
    index('slots_created_idx').on(t.createdAt),
    // The slots held in a period, for all of France and by company (statistics, docs/decisions/0034): what
    // the meetings held, their groups, the cancellations and the fill rate read, without a row of
    // the table itself. `deleted_at` is a column, not a partial index's condition: SQLite reads the table
    // for a column that only the condition names.
    index('slots_held_idx').on(
      t.endsAt,
      t.companyId,
      t.meetingType,
      t.maxParticipants,
      t.seatsTaken,
      t.startsAt,
      t.deletedAt,
    ),
    index('slots_company_held_idx').on(
      t.companyId,
      t.endsAt,
      t.meetingType,
      t.maxParticipants,
      t.seatsTaken,
      t.startsAt,
      t.deletedAt,
    ),
  ],
);

/**
 * Slots with seats left, per UTC hour of their start. Kept by triggers on `slots` (migration
 * 0001_slot_open_hours), so counting the available slots of the next days reads a few hundred rows
 * instead of every slot.
 */
export const slotOpenHours = sqliteTable('slot_open_hours', {
  /** floor(starts_at / 3 600 000). */
  hour: integer('hour').primaryKey(),
  openSlots: integer('open_slots').notNull(),
});
