import { integer, sqliteTable, sqliteView, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { MeetingType, StoredMeetingStatus } from '../../common/constants.ts';
import { createdAt } from './columns.ts';
import { meetings } from './meetings.ts';

/** A teacher's answers to the satisfaction questionnaire of one meeting (PRODUCT.md, After the meeting). */
export const feedback = sqliteTable(
  'feedback',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    organisation: integer('organisation').notNull(),
    matching: integer('matching').notNull(),
    engagement: integer('engagement').notNull(),
    liked: text('liked'),
    suggestions: text('suggestions'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('feedback_meeting_idx').on(t.meetingId)],
);

/**
 * The questionnaire's e-mails of one meeting: the invitation when it was done, the one reminder three
 * days later. A row is written in the transaction that queues its e-mail, so that a job run again, or
 * after a crash, sends neither twice (docs/decisions/0028).
 */
export const feedbackInvitations = sqliteTable('feedback_invitations', {
  meetingId: integer('meeting_id')
    .primaryKey()
    .references(() => meetings.id, { onDelete: 'cascade' }),
  invitedAt: integer('invited_at', { mode: 'timestamp_ms' }).notNull(),
  remindedAt: integer('reminded_at', { mode: 'timestamp_ms' }),
});

/**
 * Every meeting with what the feedback domain says of it: its answers (null until given) and its
 * invitation, beside the meeting's facts (who, when, where, which company). A view (migration 0010), so
 * that the domain reads them in one query without importing the tables of the domains that own them
 * (docs/decisions/0023); its joins are LEFT ones on keys, which SQLite leaves out when a query does not
 * read them.
 */
export const meetingFeedback = sqliteView('meeting_feedback', {
  meetingId: integer('meeting_id').notNull(),
  status: text('status').$type<StoredMeetingStatus>().notNull(),
  absentAt: integer('absent_at', { mode: 'timestamp_ms' }),
  teacherId: integer('teacher_id').notNull(),
  companyId: integer('company_id').notNull(),
  startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
  endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
  timeZone: text('time_zone').notNull(),
  meetingType: text('meeting_type').$type<MeetingType>().notNull(),
  participantsCount: integer('participants_count').notNull(),
  companyName: text('company_name').notNull(),
  teacherEmail: text('teacher_email').notNull(),
  teacherFirstName: text('teacher_first_name').notNull(),
  teacherLastName: text('teacher_last_name').notNull(),
  teacherAnonymizedAt: integer('teacher_anonymized_at', { mode: 'timestamp_ms' }),
  establishmentName: text('establishment_name'),
  feedbackId: integer('feedback_id'),
  organisation: integer('organisation'),
  matching: integer('matching'),
  engagement: integer('engagement'),
  liked: text('liked'),
  suggestions: text('suggestions'),
  feedbackCreatedAt: integer('feedback_created_at', { mode: 'timestamp_ms' }),
  invitedAt: integer('invited_at', { mode: 'timestamp_ms' }),
  remindedAt: integer('reminded_at', { mode: 'timestamp_ms' }),
}).existing();
