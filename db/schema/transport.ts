import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { TransportRequestStatus } from '../../common/constants.ts';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { meetings } from './meetings.ts';

/** A teacher's request for help with a company visit's transport, answered by the operators of its region. */
export const transportRequests = sqliteTable(
  'transport_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    meetingId: integer('meeting_id')
      .notNull()
      .references(() => meetings.id, { onDelete: 'cascade' }),
    groupSize: integer('group_size').notNull(),
    departureLabel: text('departure_label').notNull(),
    departureZipcode: text('departure_zipcode'),
    departureCity: text('departure_city'),
    departureDepartmentCode: text('departure_department_code'),
    departureLat: real('departure_lat'),
    departureLng: real('departure_lng'),
    comment: text('comment'),
    status: text('status').$type<TransportRequestStatus>().notNull().default('pending'),
    answer: text('answer'),
    answeredBy: integer('answered_by').references(() => users.id),
    answeredAt: integer('answered_at', { mode: 'timestamp_ms' }),
    /** When the meeting's cancellation closed the request. */
    cancelledAt: integer('cancelled_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('transport_requests_meeting_idx').on(t.meetingId),
    index('transport_requests_status_idx').on(t.status),
    // One open request per meeting (pending or accepted), whatever the concurrency.
    uniqueIndex('transport_requests_open_idx')
      .on(t.meetingId)
      .where(sql`${t.status} IN ('pending', 'accepted')`),
  ],
);
