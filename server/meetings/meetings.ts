import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lt, lte, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { cancelMeetingSchema } from '../../common/slots.ts';
import { EXPORT_BATCH } from '../../db/batches.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { meetingFacts, meetings } from '../../db/schema/meetings.ts';
import { type Deps, eventContext } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { canCancelMeeting, canCancelMeetingNow, requireKind } from '../permissions.ts';
import { cancelMeetings } from './cancellation.ts';
import { findMeetingFact, type MeetingFact } from './facts.ts';
import { type MeetingView, meetingViewFor } from './views.ts';

export const periodSchema = z.object({ period: z.enum(['upcoming', 'past']).default('upcoming') });
export type Period = z.infer<typeof periodSchema>['period'];

export const cancelInputSchema = z
  .object({ id: z.coerce.number().int().positive() })
  .and(cancelMeetingSchema);

/**
 * Either side cancels a meeting that has not started (PRODUCT.md, Meetings): through the one door of
 * cancellations (cancellation.ts), in one transaction. NOT_FOUND for anyone else's meeting,
 * `meeting_not_cancellable` once it is cancelled or has started.
 */
export async function cancelMeeting(
  viewer: Viewer | null,
  input: { id: number; reason?: string | undefined },
  deps: Deps,
): Promise<MeetingView> {
  const caller = requireKind(viewer, 'teacher', 'recruiter');
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const found = await findMeetingFact(tx, input.id);
    if (!found || !canCancelMeeting(caller, found)) throw new AppError('NOT_FOUND');
    if (!canCancelMeetingNow(caller, found, now)) throw new AppError('meeting_not_cancellable');
    const [cancelled] = await cancelMeetings(tx, eventContext(deps, now), [found], {
      by: caller.kind === 'teacher' ? 'teacher' : 'company',
      actorId: caller.id,
      reason: input.reason ?? null,
      cause: 'side',
    });
    if (!cancelled) throw new AppError('meeting_not_cancellable');
  });
  const meeting = await meetingViewFor(caller, input.id, deps);
  if (!meeting) throw new Error(`meeting ${input.id} vanished while cancelled`);
  return meeting;
}

/** A teacher keeps their seat on a moved slot: the postponed (reported) meeting is confirmed again. */
export async function keepMeeting(viewer: Viewer | null, input: { id: number }, deps: Deps) {
  const teacher = requireKind(viewer, 'teacher');
  await deps.db
    .update(meetings)
    .set({ status: 'confirmed' })
    .where(
      and(eq(meetings.id, input.id), eq(meetings.teacherId, teacher.id), eq(meetings.status, 'reported')),
    );
  const meeting = await meetingViewFor(teacher, input.id, deps);
  if (!meeting) throw new AppError('NOT_FOUND');
  return meeting;
}

/** The slot's meetings, cancelled ones included, in booking order: for its company. */
export function meetingsOfSlot(db: DbOrTx, slotId: number): Promise<MeetingFact[]> {
  return db.select().from(meetingFacts).where(eq(meetingFacts.slotId, slotId)).orderBy(asc(meetingFacts.id));
}

/**
 * The slots not started yet on which teacher `?` holds a live booking at instant `?` (milliseconds): not
 * theirs to take, so the next open slot and the counts a teacher reads leave them out (docs/decisions/0043).
 * SQL for a statement of another domain that leaves them out in the same read (docs/decisions/0073).
 */
export const slotsBookedBySql =
  "SELECT slot_id FROM meeting_times WHERE teacher_id = ? AND status != 'cancelled' AND starts_at > ?";

/** The slots `slotsBookedBySql` gives for the viewer, a teacher, now; none for anyone else. */
export async function slotsBookedBy(viewer: Viewer | null, deps: Deps): Promise<number[]> {
  if (viewer?.kind !== 'teacher') return [];
  const { rows } = await deps.db.client.execute({
    sql: slotsBookedBySql,
    args: [viewer.id, deps.clock.now().getTime()],
  });
  return rows.map((row) => Number(row.slot_id));
}

/** The slot's bookings, cancelled ones included, in booking order: the classes of its video room. */
export function bookingsOfSlot(db: DbOrTx, slotId: number) {
  return db
    .select({
      id: meetings.id,
      teacherId: meetings.teacherId,
      participantsCount: meetings.participantsCount,
      status: meetings.status,
    })
    .from(meetings)
    .where(eq(meetings.slotId, slotId))
    .orderBy(asc(meetings.id));
}

/** The teacher's live (not cancelled) booking of the slot, if any. */
export async function liveMeetingOfTeacher(db: DbOrTx, slotId: number, teacherId: number) {
  // Read by every slot page of a teacher and every refused booking: built once (db/prepared.ts).
  const query = preparedOn(db, 'liveMeetingOfTeacher', (db) =>
    db
      .select()
      .from(meetingFacts)
      .where(
        and(
          eq(meetingFacts.slotId, sql.placeholder('slotId')),
          eq(meetingFacts.teacherId, sql.placeholder('teacherId')),
          ne(meetingFacts.status, 'cancelled'),
        ),
      )
      .limit(1)
      .prepare(),
  );
  return (await query.get({ slotId, teacherId })) ?? null;
}

/** How many live bookings each slot has, in one query; slots without any are absent. */
export async function liveBookingCounts(db: Db, slotIds: number[]): Promise<Map<number, number>> {
  if (slotIds.length === 0) return new Map();
  const rows = await db
    .select({ slotId: meetings.slotId, count: sql<number>`count(*)` })
    .from(meetings)
    .where(and(inArray(meetings.slotId, slotIds), ne(meetings.status, 'cancelled')))
    .groupBy(meetings.slotId);
  return new Map(rows.map((row) => [row.slotId, Number(row.count)]));
}

/** How many meetings still to come each department's companies hold (the consequences of closing one). */
export async function upcomingMeetingCountsByDepartment(db: Db, now: Date): Promise<Map<string, number>> {
  const rows = await db
    .select({ departmentCode: meetingFacts.companyDepartmentCode, n: sql<number>`count(*)` })
    .from(meetingFacts)
    .where(and(ne(meetingFacts.status, 'cancelled'), gt(meetingFacts.startsAt, now)))
    .groupBy(meetingFacts.companyDepartmentCode);
  return new Map(rows.flatMap((row) => (row.departmentCode ? [[row.departmentCode, Number(row.n)]] : [])));
}

/** What the operators' lists of meetings are narrowed to: their pages and the export alike. */
export interface MeetingFilter {
  /** Meetings starting in [from, to). */
  from?: Date | undefined;
  to?: Date | undefined;
  /** Only meetings of companies of these departments (an operator's region, or the one asked). */
  departmentCodes?: string[] | undefined;
  meetingType?: MeetingFact['meetingType'] | undefined;
  /** As shown: to come (confirmed or postponed), done, cancelled; or the groups that did not come. */
  status?: 'upcoming' | 'done' | 'cancelled' | 'absent' | undefined;
  companyId?: number | undefined;
  teacherId?: number | undefined;
}

export interface MeetingListFilter extends MeetingFilter {
  page: number;
  pageSize: number;
}

/** The one condition of a meeting filter, for the lists and the export (issue 21). */
function meetingsWhere(filter: MeetingFilter, now: Date) {
  return and(
    filter.from ? gte(meetingFacts.startsAt, filter.from) : undefined,
    filter.to ? lt(meetingFacts.startsAt, filter.to) : undefined,
    filter.departmentCodes ? inArray(meetingFacts.companyDepartmentCode, filter.departmentCodes) : undefined,
    filter.meetingType ? eq(meetingFacts.meetingType, filter.meetingType) : undefined,
    filter.companyId ? eq(meetingFacts.companyId, filter.companyId) : undefined,
    filter.teacherId ? eq(meetingFacts.teacherId, filter.teacherId) : undefined,
    filter.status === 'cancelled' ? eq(meetingFacts.status, 'cancelled') : undefined,
    filter.status === 'done'
      ? and(ne(meetingFacts.status, 'cancelled'), lte(meetingFacts.endsAt, now))
      : undefined,
    filter.status === 'upcoming'
      ? and(ne(meetingFacts.status, 'cancelled'), gt(meetingFacts.endsAt, now))
      : undefined,
    filter.status === 'absent' ? isNotNull(meetingFacts.absentAt) : undefined,
  );
}

/** Meetings for the operators' lists: filtered, latest first, one page and the total. */
export async function listMeetings(db: Db, filter: MeetingListFilter, now: Date) {
  const where = meetingsWhere(filter, now);
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(meetingFacts)
      .where(where)
      .orderBy(desc(meetingFacts.startsAt), desc(meetingFacts.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: sql<number>`count(*)` }).from(meetingFacts).where(where),
  ]);
  return { total: Number(count?.n ?? 0), items };
}

/** What the meetings export writes of a meeting; instants in milliseconds. */
export interface MeetingExportRow {
  id: number;
  startsAt: number;
  endsAt: number;
  timeZone: string;
  durationMinutes: number;
  meetingType: MeetingFact['meetingType'];
  status: MeetingFact['status'];
  participantsCount: number;
  publicCategory: MeetingFact['publicCategory'];
  createdAt: number;
  cancelledAt: number | null;
  cancelReason: string | null;
  companyName: string;
  companyDepartmentCode: string | null;
  companySector: MeetingFact['companySector'];
  teacherFirstName: string;
  teacherLastName: string;
  establishmentName: string | null;
}

/** The columns of `meeting_facts` behind each field of MeetingExportRow, in its order. */
const EXPORT_COLUMNS = {
  id: 'id',
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  timeZone: 'time_zone',
  durationMinutes: 'duration_minutes',
  meetingType: 'meeting_type',
  status: 'status',
  participantsCount: 'participants_count',
  publicCategory: 'public_category',
  createdAt: 'created_at',
  cancelledAt: 'cancelled_at',
  cancelReason: 'cancel_reason',
  companyName: 'company_name',
  companyDepartmentCode: 'company_department_code',
  companySector: 'company_sector',
  teacherFirstName: 'teacher_first_name',
  teacherLastName: 'teacher_last_name',
  establishmentName: 'establishment_name',
} as const satisfies Record<keyof MeetingExportRow, string>;
const EXPORT_FIELDS = Object.keys(EXPORT_COLUMNS) as (keyof MeetingExportRow)[];

/**
 * Every meeting the filter keeps (the list's filter: the export honours the screen's, issue 21), in id
 * order, a batch at a time: the meetings export (issue 13: ≥ 50,000 rows/s). A batch comes back as one JSON
 * text built by SQLite and parsed once: the client's row objects and drizzle's mapping of every column cost
 * ten times what the query does (docs/decisions/0034).
 */
export async function* meetingsInBatches(
  db: Db,
  filter: MeetingFilter,
  now: Date,
  limit = EXPORT_BATCH,
): AsyncGenerator<MeetingExportRow[]> {
  if (filter.departmentCodes?.length === 0) return;
  const where = meetingsWhere(filter, now) ?? sql`1`;
  const columns = sql.raw(Object.values(EXPORT_COLUMNS).join(', '));
  let afterId = 0;
  for (;;) {
    const [row] = await db.all<{ batch: string | null }>(
      sql`SELECT json_group_array(json_array(${columns}) ORDER BY id) AS batch
        FROM (SELECT * FROM ${meetingFacts} WHERE id > ${afterId} AND ${where} ORDER BY id LIMIT ${limit})`,
    );
    const values = JSON.parse(String(row?.batch ?? '[]')) as unknown[][];
    if (values.length === 0) return;
    yield values.map((row) => {
      const meeting: Record<string, unknown> = {};
      for (const [i, field] of EXPORT_FIELDS.entries()) meeting[field] = row[i];
      return meeting as unknown as MeetingExportRow;
    });
    if (values.length < limit) return;
    afterId = Number(values[values.length - 1]?.[0]);
  }
}

/** Whether the teacher holds, or held, a booking with the company (a cancelled one does not count). */
export async function hasBookedWithCompany(
  db: DbOrTx,
  teacherId: number,
  companyId: number,
): Promise<boolean> {
  const [meeting] = await db
    .select({ id: meetingFacts.id })
    .from(meetingFacts)
    .where(
      and(
        eq(meetingFacts.teacherId, teacherId),
        eq(meetingFacts.companyId, companyId),
        ne(meetingFacts.status, 'cancelled'),
      ),
    )
    .limit(1);
  return meeting !== undefined;
}
