import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  sqliteView,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import type {
  MeetingType,
  PublicCategory,
  Sector,
  SlotSubject,
  StoredMeetingStatus,
} from '../../common/constants.ts';
import { establishments, users } from './accounts.ts';
import { classGroups } from './classes.ts';
import { createdAt } from './columns.ts';
import { slots } from './slots.ts';

export const meetings = sqliteTable(
  'meetings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slotId: integer('slot_id')
      .notNull()
      .references(() => slots.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id),
    establishmentId: integer('establishment_id').references(() => establishments.id),
    status: text('status').$type<StoredMeetingStatus>().notNull().default('confirmed'),
    participantsCount: integer('participants_count').notNull(),
    publicCategory: text('public_category').$type<PublicCategory>().notNull(),
    message: text('message'),
    accompanyingAdultName: text('accompanying_adult_name'),
    accompanyingAdultPhone: text('accompanying_adult_phone'),
    charterAcceptedAt: integer('charter_accepted_at', { mode: 'timestamp_ms' }).notNull(),
    cancelReason: text('cancel_reason'),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    /** When the company said the group did not come (a no-show); null while it is taken as present. */
    absentAt: integer('absent_at', { mode: 'timestamp_ms' }),
    absentMarkedBy: integer('absent_marked_by').references(() => users.id),
    /**
     * Each side's « Je confirme » from a reminder (docs/decisions/0040): when the teacher, and when one of
     * the company's recruiters (and which), said they will be there. A move of the slot clears them.
     */
    teacherConfirmedAt: integer('teacher_confirmed_at', { mode: 'timestamp_ms' }),
    companyConfirmedAt: integer('company_confirmed_at', { mode: 'timestamp_ms' }),
    companyConfirmedBy: integer('company_confirmed_by').references(() => users.id),
    /** The teacher's group this booking is for (« Mes classes »); null when none was chosen. */
    groupId: integer('group_id').references(() => classGroups.id, { onDelete: 'set null' }),
    /**
     * The attestation's verification code (`/attestation/<code>`): 16 random hex characters, drawn at
     * booking (migration 0022's trigger, whatever door inserts it); shown only once the meeting is held (docs/decisions/0045).
     */
    attestationCode: text('attestation_code'),
    /**
     * The times the booking was made for, when its slot moved since (the meeting `reported`): what the
     * teacher reads as old → new while they keep their seat or cancel (docs/decisions/0048).
     */
    previousStartsAt: integer('previous_starts_at', { mode: 'timestamp_ms' }),
    previousEndsAt: integer('previous_ends_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('meetings_slot_idx').on(t.slotId),
    index('meetings_teacher_idx').on(t.teacherId, t.status),
    index('meetings_group_idx').on(t.groupId),
    uniqueIndex('meetings_attestation_code_idx').on(t.attestationCode),
    // One teacher holds at most one live booking on a slot.
    uniqueIndex('meetings_slot_teacher_live_idx')
      .on(t.slotId, t.teacherId)
      .where(sql`${t.status} <> 'cancelled'`),
    // The statistics (server/meetings/statistics.ts, docs/decisions/0034) read these indexes alone: bookings
    // made in a month, the live bookings of each slot held and their pupils (an absent group's apart: its
    // absent_at is there too, migration 0034), the cancelled ones.
    index('meetings_created_idx').on(t.createdAt, t.slotId),
    index('meetings_live_slot_idx')
      .on(t.slotId, t.participantsCount, t.absentAt)
      .where(sql`${t.status} <> 'cancelled'`),
    index('meetings_cancelled_slot_idx').on(t.slotId, t.cancelledAt).where(sql`${t.status} = 'cancelled'`),
  ],
);

/** Which reminder of a meeting: three days, or one day, before its start (docs/decisions/0040). */
export type MeetingReminderKind = '3d' | '1d';

/**
 * The reminders sent for each meeting: a row is written in the transaction that queues both sides'
 * e-mails, so that each reminder goes out once whatever the job's schedule, a rerun or a crash halfway.
 * A move of the slot deletes its meetings' rows: the new date gets its own reminders.
 */
export const meetingReminders = sqliteTable(
  'meeting_reminders',
  {
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MeetingReminderKind>().notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.meetingId, t.kind] })],
);

/**
 * What the meetings' lists filter and sort by, from the meetings and their slots only (migration 0030): a
 * list finds its ids here, then reads the facts of those ids (docs/decisions/0067).
 */
export const meetingTimes = sqliteView('meeting_times', {
  id: integer('id').notNull(),
  slotId: integer('slot_id').notNull(),
  teacherId: integer('teacher_id').notNull(),
  status: text('status').$type<StoredMeetingStatus>().notNull(),
  companyId: integer('company_id').notNull(),
  startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
  endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
  meetingType: text('meeting_type').$type<MeetingType>().notNull(),
}).existing();

/**
 * A meeting with what every page, e-mail, calendar and room says of it: its slot, company, teacher and
 * establishment. A view (migrations 0006, 0010), so that the meetings domain reads them in one query without
 * importing the tables of the domains that own them (docs/decisions/0023).
 */
export const meetingFacts = sqliteView('meeting_facts', {
  id: integer('id').notNull(),
  slotId: integer('slot_id').notNull(),
  teacherId: integer('teacher_id').notNull(),
  establishmentId: integer('establishment_id'),
  status: text('status').$type<StoredMeetingStatus>().notNull(),
  participantsCount: integer('participants_count').notNull(),
  publicCategory: text('public_category').$type<PublicCategory>().notNull(),
  message: text('message'),
  accompanyingAdultName: text('accompanying_adult_name'),
  accompanyingAdultPhone: text('accompanying_adult_phone'),
  cancelReason: text('cancel_reason'),
  cancelledBy: integer('cancelled_by'),
  cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
  absentAt: integer('absent_at', { mode: 'timestamp_ms' }),
  teacherConfirmedAt: integer('teacher_confirmed_at', { mode: 'timestamp_ms' }),
  companyConfirmedAt: integer('company_confirmed_at', { mode: 'timestamp_ms' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  groupId: integer('group_id'),
  attestationCode: text('attestation_code'),
  previousStartsAt: integer('previous_starts_at', { mode: 'timestamp_ms' }),
  previousEndsAt: integer('previous_ends_at', { mode: 'timestamp_ms' }),
  companyId: integer('company_id').notNull(),
  startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
  endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
  timeZone: text('time_zone').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  meetingType: text('meeting_type').$type<MeetingType>().notNull(),
  subjects: text('subjects', { mode: 'json' }).$type<SlotSubject[]>().notNull(),
  description: text('description'),
  placeLabel: text('place_label'),
  placeLat: real('place_lat'),
  placeLng: real('place_lng'),
  videoLink: text('video_link'),
  slotUpdatedAt: integer('slot_updated_at', { mode: 'timestamp_ms' }),
  speakerName: text('speaker_name').notNull(),
  speakerFirstname: text('speaker_firstname').notNull(),
  speakerEmail: text('speaker_email').notNull(),
  speakerPhone: text('speaker_phone').notNull(),
  speakerRole: text('speaker_role').notNull(),
  companyName: text('company_name').notNull(),
  /** Whose region the meeting is in, for the operators (permissions.isOperatorOf). */
  companyDepartmentCode: text('company_department_code'),
  companySector: text('company_sector').$type<Sector>().notNull(),
  companyPhone: text('company_phone'),
  companyAddress: text('company_address'),
  companyContactName: text('company_contact_name'),
  companyContactEmail: text('company_contact_email'),
  companyContactPhone: text('company_contact_phone'),
  teacherEmail: text('teacher_email').notNull(),
  teacherFirstName: text('teacher_first_name').notNull(),
  teacherLastName: text('teacher_last_name').notNull(),
  teacherPhone: text('teacher_phone'),
  teacherAnonymizedAt: integer('teacher_anonymized_at', { mode: 'timestamp_ms' }),
  establishmentName: text('establishment_name'),
  establishmentType: text('establishment_type'),
  establishmentAddress: text('establishment_address'),
}).existing();
