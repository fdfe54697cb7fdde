import { and, asc, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { meetings, slots } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import type { Meeting } from './booking.ts';
import { cancelBookings } from './cancellation.ts';
import { tellBothSides } from './mails.ts';

export interface MeetingDeps {
  db: Db;
  now: Date;
  publicUrl: string;
}

/** Who asks: a meeting is its teacher's, its company's recruiters' and the admins'. */
export interface MeetingViewer {
  id: number;
  kind: 'teacher' | 'recruiter' | 'admin';
  companyId: number | null;
}

/** The meeting when `viewer` may see it; null otherwise (NOT_FOUND for the API). */
export async function findMeetingFor(db: DbOrTx, viewer: MeetingViewer, id: number) {
  const [row] = await db
    .select({ meeting: meetings, slot: slots })
    .from(meetings)
    .innerJoin(slots, eq(slots.id, meetings.slotId))
    .where(eq(meetings.id, id))
    .limit(1);
  if (!row) return null;
  const allowed =
    viewer.kind === 'admin' ||
    (viewer.kind === 'teacher' && row.meeting.teacherId === viewer.id) ||
    (viewer.kind === 'recruiter' && viewer.companyId !== null && row.slot.companyId === viewer.companyId);
  return allowed ? row : null;
}

/**
 * The viewer's meetings: upcoming (not ended yet, soonest first) or past (ended, latest first). A teacher
 * sees their own, a recruiter their company's. Cancelled ones stay, shown as such.
 */
export async function listMyMeetings(
  db: DbOrTx,
  viewer: MeetingViewer,
  period: 'upcoming' | 'past',
  now: Date,
): Promise<Meeting[]> {
  const owner =
    viewer.kind === 'teacher'
      ? eq(meetings.teacherId, viewer.id)
      : viewer.companyId !== null
        ? eq(slots.companyId, viewer.companyId)
        : undefined;
  if (!owner) return [];
  const rows = await db
    .select({ meeting: meetings })
    .from(meetings)
    .innerJoin(slots, eq(slots.id, meetings.slotId))
    .where(and(owner, period === 'upcoming' ? gt(slots.endsAt, now) : lte(slots.endsAt, now)))
    .orderBy(period === 'upcoming' ? asc(slots.startsAt) : desc(slots.startsAt), asc(meetings.id));
  return rows.map((row) => row.meeting);
}

/**
 * Either side cancels a meeting that has not started (PRODUCT.md, Meetings): the seats go back to the slot
 * and both sides are told, in one transaction.
 */
export async function cancelMeeting(
  deps: MeetingDeps,
  viewer: MeetingViewer,
  id: number,
  reason: string | undefined,
): Promise<Meeting> {
  return deps.db.transaction(async (tx) => {
    const row = await findMeetingFor(tx, viewer, id);
    if (!row || viewer.kind === 'admin') throw new AppError('NOT_FOUND');
    if (row.meeting.status === 'cancelled' || row.slot.startsAt.getTime() <= deps.now.getTime()) {
      throw new AppError('meeting_not_cancellable');
    }
    const [cancelled] = await cancelBookings(tx, [row.meeting], {
      reason: reason ?? null,
      cancelledBy: viewer.id,
      now: deps.now,
    });
    if (!cancelled) throw new AppError('meeting_not_cancellable');
    const cancelledBy: 'teacher' | 'company' = viewer.kind === 'teacher' ? 'teacher' : 'company';
    await tellBothSides(tx, deps, 'meetingCancelled', [id], () => ({
      cancelledBy,
      reason: reason ?? null,
    }));
    const [meeting] = await tx.select().from(meetings).where(eq(meetings.id, id));
    if (!meeting) throw new Error(`meeting ${id} vanished while cancelled`);
    return meeting;
  });
}

/** A teacher keeps their seat on a moved slot: the postponed (reported) meeting is confirmed again. */
export async function keepMeeting(deps: MeetingDeps, teacherId: number, id: number): Promise<Meeting> {
  const [meeting] = await deps.db
    .update(meetings)
    .set({ status: 'confirmed' })
    .where(and(eq(meetings.id, id), eq(meetings.teacherId, teacherId), eq(meetings.status, 'reported')))
    .returning();
  if (meeting) return meeting;
  const row = await findMeetingFor(deps.db, { id: teacherId, kind: 'teacher', companyId: null }, id);
  if (!row) throw new AppError('NOT_FOUND');
  return row.meeting;
}

/** Live bookings of a slot (not cancelled), for a move or a deletion. */
export function liveBookingsOfSlot(tx: DbOrTx, slotId: number) {
  return tx
    .select({ id: meetings.id, slotId: meetings.slotId, participantsCount: meetings.participantsCount })
    .from(meetings)
    .where(and(eq(meetings.slotId, slotId), ne(meetings.status, 'cancelled')))
    .orderBy(asc(meetings.id));
}

/** The slot's meetings, cancelled ones included, in booking order: for its company. */
export function meetingsOfSlot(db: DbOrTx, slotId: number): Promise<Meeting[]> {
  return db.select().from(meetings).where(eq(meetings.slotId, slotId)).orderBy(asc(meetings.id));
}

/** The teacher's live (not cancelled) booking of the slot, if any. */
export async function liveMeetingOfTeacher(db: DbOrTx, slotId: number, teacherId: number) {
  const [meeting] = await db
    .select()
    .from(meetings)
    .where(
      and(eq(meetings.slotId, slotId), eq(meetings.teacherId, teacherId), ne(meetings.status, 'cancelled')),
    )
    .limit(1);
  return meeting ?? null;
}

/** How many live bookings each slot has, in one query; slots without any are absent. */
export async function liveBookingCounts(db: DbOrTx, slotIds: number[]): Promise<Map<number, number>> {
  if (slotIds.length === 0) return new Map();
  const rows = await db
    .select({ slotId: meetings.slotId, count: sql<number>`count(*)` })
    .from(meetings)
    .where(and(inArray(meetings.slotId, slotIds), ne(meetings.status, 'cancelled')))
    .groupBy(meetings.slotId);
  return new Map(rows.map((row) => [row.slotId, Number(row.count)]));
}
