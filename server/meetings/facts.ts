import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { meetingFacts, meetings, meetingTimes } from '../../db/schema/meetings.ts';

/** A meeting with its slot, company, teacher and establishment: what the API and the pages show of it. */
export type MeetingFact = typeof meetingFacts.$inferSelect;

export async function findMeetingFact(db: DbOrTx, id: number): Promise<MeetingFact | null> {
  const query = preparedOn(db, 'meetingFact', (db) =>
    db
      .select()
      .from(meetingFacts)
      .where(eq(meetingFacts.id, sql.placeholder('id')))
      .limit(1)
      .prepare(),
  );
  return (await query.get({ id })) ?? null;
}

/** Meetings by id, in one query, in no particular order; unknown ids are left out. */
export function meetingFactsByIds(db: DbOrTx, ids: number[]): Promise<MeetingFact[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(meetingFacts).where(inArray(meetingFacts.id, ids));
}

/** The meeting an attestation's code names (the public check of an attestation). */
export async function meetingFactByAttestationCode(db: DbOrTx, code: string): Promise<MeetingFact | null> {
  const [meeting] = await db
    .select()
    .from(meetingFacts)
    .where(eq(meetingFacts.attestationCode, code))
    .limit(1);
  return meeting ?? null;
}

/** When the teacher accepted the charter of visits on booking it; null for any other meeting. */
export async function charterAcceptedAt(db: DbOrTx, meetingId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: meetings.charterAcceptedAt })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  return row?.at ?? null;
}

/** A teacher's next standing visits and interventions (webinars aside), soonest first, at most `limit`. */
export async function nextVisitIdsOfTeacher(
  db: DbOrTx,
  teacherId: number,
  now: Date,
  limit: number,
): Promise<number[]> {
  // Read by every home page of a teacher: built once (db/prepared.ts), the instant in milliseconds.
  const query = preparedOn(db, 'nextVisitIdsOfTeacher', (db) =>
    db
      .select({ id: meetingTimes.id })
      .from(meetingTimes)
      .where(
        and(
          eq(meetingTimes.teacherId, sql.placeholder('teacherId')),
          ne(meetingTimes.status, 'cancelled'),
          ne(meetingTimes.meetingType, 'Webinar'),
          gt(meetingTimes.endsAt, sql.placeholder('now')),
        ),
      )
      .orderBy(asc(meetingTimes.startsAt))
      .limit(sql.placeholder('limit'))
      .prepare(),
  );
  const rows = await query.all({ teacherId, now: now.getTime(), limit });
  return rows.map((row) => row.id);
}
