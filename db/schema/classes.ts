import { index, integer, sqliteTable, sqliteView, text } from 'drizzle-orm/sqlite-core';
import type { MeetingType, Sector, StoredMeetingStatus } from '../../common/constants.ts';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * A teacher's groups (« Mes classes », docs/decisions/0045): a name, a level, the school year it belongs
 * to ("2026-2027", 1 September – 31 August). A booking belongs to at most one group (`meetings.group_id`);
 * deleting a group leaves its meetings without one.
 */
export const classGroups = sqliteTable(
  'class_groups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    level: text('level'),
    schoolYear: text('school_year').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('class_groups_teacher_idx').on(t.teacherId, t.schoolYear)],
);

/**
 * What « Mes classes » reads of a teacher's meetings: a narrow view over `meeting_facts` (migration 0035), so
 * that the class record sits above nothing of the meetings' code and reads no table of theirs by name
 * (docs/decisions/0044 lists it).
 */
export const classMeetings = sqliteView('class_meetings', {
  id: integer('id').notNull(),
  teacherId: integer('teacher_id').notNull(),
  groupId: integer('group_id'),
  status: text('status').$type<StoredMeetingStatus>().notNull(),
  startsAt: integer('starts_at', { mode: 'timestamp_ms' }).notNull(),
  endsAt: integer('ends_at', { mode: 'timestamp_ms' }).notNull(),
  timeZone: text('time_zone').notNull(),
  absentAt: integer('absent_at', { mode: 'timestamp_ms' }),
  durationMinutes: integer('duration_minutes').notNull(),
  meetingType: text('meeting_type').$type<MeetingType>().notNull(),
  companyId: integer('company_id').notNull(),
  companyName: text('company_name').notNull(),
  companySector: text('company_sector').$type<Sector>().notNull(),
}).existing();
