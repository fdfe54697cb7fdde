import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TransportRequestStatus } from '../../common/constants.ts';
import { TRANSPORT_REQUEST_STATUSES } from '../../common/constants.ts';
import { departmentOfZipcode } from '../../common/territory.ts';
import {
  TRANSPORT_MESSAGES,
  type TransportAnswerInput,
  type TransportRequestFormInput,
} from '../../common/transport.ts';
import type { DbOrTx } from '../../db/client.ts';
import { transportRequests } from '../../db/schema/transport.ts';
import { isUniqueViolation } from '../accounts/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Subscriber } from '../kernel/events.ts';
import type { Viewer } from '../kernel/viewer.ts';
import {
  findMeetingFact,
  type MeetingFact,
  type MeetingView,
  meetingFactsByIds,
  meetingRefOf,
} from '../meetings/index.ts';
import {
  canAnswerTransportRequest,
  canAnswerTransportRequests,
  canRequestTransport,
  canSeeTransportRequest,
  operatorArea,
  requireKind,
  requireViewer,
} from '../permissions.ts';
import { tellOperatorsOfCancellation, tellOperatorsOfRequest, tellTeacherOfAnswer } from './mails.ts';

export type TransportRequestRow = typeof transportRequests.$inferSelect;
/** A request with its meeting's facts, read in one query (the operators' list, the e-mails). */
export type TransportRequestWithMeeting = TransportRequestRow & { meeting: MeetingFact };

export const transportRequestIdSchema = z.object({ id: z.coerce.number().int().positive() });
export const transportListSchema = z.object({
  status: z.enum(TRANSPORT_REQUEST_STATUSES).nullish(),
});

/** Open: waiting for an answer, or accepted. A meeting has one at most (transport_requests_open_idx). */
export const OPEN: TransportRequestStatus[] = ['pending', 'accepted'];

/** A company visit that still stands and has not started: what transport help is for. */
export function transportAvailable(meeting: MeetingFact, now: Date): boolean {
  return (
    meeting.meetingType === 'CompanyVisit' &&
    meeting.status === 'confirmed' &&
    meeting.startsAt.getTime() > now.getTime()
  );
}

export async function withMeetings(db: DbOrTx, where: SQL | undefined, order: SQL[], limit?: number) {
  const query = db
    .select()
    .from(transportRequests)
    .where(where)
    .orderBy(...order);
  const requests = limit ? await query.limit(limit) : await query;
  if (requests.length === 0) return [];
  const facts = await meetingFactsByIds(db, [...new Set(requests.map((request) => request.meetingId))]);
  const byId = new Map(facts.map((fact) => [fact.id, fact]));
  return requests.flatMap((request): TransportRequestWithMeeting[] => {
    const meeting = byId.get(request.meetingId);
    return meeting ? [{ ...request, meeting }] : [];
  });
}

/**
 * The requests of a regional operator's region (those of its companies' meetings); every one for a
 * national administrator.
 */
export function inAreaOf(operator: Viewer): SQL | undefined {
  const area = operatorArea(operator);
  return area === undefined ? undefined : ofDepartments(area);
}

/**
 * The requests of meetings of companies of these departments: one subquery on the meetings' view
 * (docs/decisions/0044 lists it), so that a page of requests stays one read.
 */
export function ofDepartments(departmentCodes: string[]): SQL {
  const codes = sql.join(
    departmentCodes.map((code) => sql`${code}`),
    sql`, `,
  );
  return inArray(
    transportRequests.meetingId,
    sql`(SELECT id FROM meeting_facts WHERE company_department_code IN (${codes}))`,
  );
}

/** The meeting's latest request, open or not: what its teacher and the operators see on the meeting. */
export async function latestTransportRequest(db: DbOrTx, meetingId: number) {
  const [row] = await withMeetings(
    db,
    eq(transportRequests.meetingId, meetingId),
    [desc(transportRequests.id)],
    1,
  );
  return row ?? null;
}

/** The request on a meeting the viewer sees, if they may see it (its teacher, the operators). */
export function transportRequestOfMeeting(viewer: Viewer | null, meeting: MeetingView, deps: Deps) {
  if (!canSeeTransportRequest(viewer, meetingRefOf(meeting))) return null;
  return latestTransportRequest(deps.db, meeting.id);
}

/**
 * A teacher asks for transport help for a confirmed company visit that has not started (PRODUCT.md,
 * After the meeting): at most as many people as booked, from an address chosen among the suggestions.
 * One open request per meeting (a request racing past the check meets the unique index: the same
 * answer); the operators are e-mailed, in the request's transaction.
 */
export async function requestTransportHelp(
  viewer: Viewer | null,
  input: TransportRequestFormInput & { meetingId: number },
  deps: Deps,
): Promise<TransportRequestWithMeeting> {
  const teacher = requireKind(viewer, 'teacher');
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const meeting = await findMeetingFact(tx, input.meetingId);
      if (!meeting || !canRequestTransport(teacher, meeting)) throw new AppError('NOT_FOUND');
      if (!transportAvailable(meeting, now)) throw new AppError('transport_not_available');
      if (input.groupSize > meeting.participantsCount) {
        throw invalidInput({
          groupSize: TRANSPORT_MESSAGES.groupSizeAboveBooking(meeting.participantsCount),
        });
      }
      const open = await tx
        .select({ id: transportRequests.id })
        .from(transportRequests)
        .where(and(eq(transportRequests.meetingId, meeting.id), inArray(transportRequests.status, OPEN)))
        .limit(1);
      if (open.length > 0) throw new AppError('transport_request_exists');
      const address = input.departureAddress;
      const [row] = await tx
        .insert(transportRequests)
        .values({
          meetingId: meeting.id,
          groupSize: input.groupSize,
          departureLabel: address.label,
          departureZipcode: address.zipcode,
          departureCity: address.city,
          departureDepartmentCode: departmentOfZipcode(address.zipcode),
          departureLat: address.lat,
          departureLng: address.lng,
          comment: input.comment ?? null,
          status: 'pending',
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error('transport request not inserted');
      await tellOperatorsOfRequest(tx, meeting, row, { now, publicUrl: deps.config.PUBLIC_URL });
      return { ...row, meeting };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('transport_request_exists');
    throw error;
  }
}

/**
 * The operators answer a pending request, accepted or refused, with a message; the teacher is e-mailed in
 * the answer's transaction. An answered or cancelled request cannot be answered again.
 */
export async function answerTransportRequest(
  viewer: Viewer | null,
  input: TransportAnswerInput & { id: number },
  deps: Deps,
): Promise<TransportRequestWithMeeting> {
  const operator = requireViewer(viewer);
  if (!canAnswerTransportRequests(operator)) throw new AppError('FORBIDDEN');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [existing] = await withMeetings(tx, eq(transportRequests.id, input.id), [], 1);
    // Another region's request is answered as one that does not exist.
    if (!existing || !canAnswerTransportRequest(operator, existing.meeting)) throw new AppError('NOT_FOUND');
    const [answered] = await tx
      .update(transportRequests)
      .set({ status: input.status, answer: input.answer, answeredBy: operator.id, answeredAt: now })
      .where(and(eq(transportRequests.id, input.id), eq(transportRequests.status, 'pending')))
      .returning();
    if (!answered) throw new AppError('transport_request_closed');
    const meeting = await findMeetingFact(tx, answered.meetingId);
    if (!meeting)
      throw new Error(`meeting ${answered.meetingId} of transport request ${answered.id} not found`);
    await tellTeacherOfAnswer(tx, meeting, input, { now, publicUrl: deps.config.PUBLIC_URL });
    return { ...answered, meeting };
  });
}

/** How many requests of the operator's area wait for an answer: the back-office home's count. */
export async function waitingTransportRequestsCount(viewer: Viewer | null, deps: Deps): Promise<number> {
  const operator = requireViewer(viewer);
  if (!canAnswerTransportRequests(operator)) throw new AppError('FORBIDDEN');
  const [row] = await deps.db
    .select({ count: sql<number>`count(*)` })
    .from(transportRequests)
    .where(and(eq(transportRequests.status, 'pending'), inAreaOf(operator)));
  return Number(row?.count ?? 0);
}

/**
 * The operators' list: one status (waiting ones oldest first, to answer in turn) or all (latest first).
 */
export function transportRequestsFor(
  viewer: Viewer | null,
  input: { status?: TransportRequestStatus | null | undefined; limit?: number },
  deps: Deps,
): Promise<TransportRequestWithMeeting[]> {
  const operator = requireViewer(viewer);
  if (!canAnswerTransportRequests(operator)) throw new AppError('FORBIDDEN');
  const oldestFirst = input.status === 'pending';
  return withMeetings(
    deps.db,
    and(input.status ? eq(transportRequests.status, input.status) : undefined, inAreaOf(operator)),
    oldestFirst
      ? [asc(transportRequests.createdAt), asc(transportRequests.id)]
      : [desc(transportRequests.createdAt), desc(transportRequests.id)],
    input.limit,
  );
}

/**
 * `meeting.cancelled` → its open request (waiting or accepted) ends as cancelled, in the cancellation's
 * transaction, whatever cancelled the meeting; the operators of its region are told (PRODUCT.md, Third
 * wave), so that they call off a transport they arranged or stop studying one.
 */
export const closeTransportOfCancelledMeeting: Subscriber<'meeting.cancelled'> = {
  name: 'meetings.closeTransportOfCancelledMeeting',
  runs: 'inTransaction',
  async handle(tx, events, context) {
    const meetingIds = events.map((event) => event.meetingId);
    const closed = await tx
      .update(transportRequests)
      .set({ status: 'cancelled', cancelledAt: context.now })
      .where(and(inArray(transportRequests.meetingId, meetingIds), inArray(transportRequests.status, OPEN)))
      .returning({ id: transportRequests.id });
    if (closed.length === 0) return;
    const requests = await withMeetings(
      tx,
      inArray(
        transportRequests.id,
        closed.map((request) => request.id),
      ),
      [asc(transportRequests.id)],
    );
    for (const request of requests) await tellOperatorsOfCancellation(tx, request, context);
  },
};
