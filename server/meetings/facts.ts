import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { meetingFacts } from '../../db/schema/meetings.ts';

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
