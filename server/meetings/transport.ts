import { and, asc, desc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TransportRequestStatus } from '../../common/constants.ts';
import { TRANSPORT_REQUEST_STATUSES } from '../../common/constants.ts';
import { departmentOfZipcode } from '../../common/territory.ts';
import {
  TRANSPORT_MESSAGES,
  type TransportAnswerInput,
  type TransportRequestFormInput,
} from '../../common/transport.ts';
import { inIdOrder } from '../../db/batches.ts';
import type { DbOrTx } from '../../db/client.ts';
import { meetingFacts, transportRequests } from '../../db/schema/meetings.ts';
import { findEstablishmentById, isUniqueViolation } from '../accounts/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import {
  canAnswerTransportRequest,
  canAnswerTransportRequests,
  canRequestTransport,
  canSeeTransportRequest,
  requireKind,
  requireViewer,
} from '../permissions.ts';
import { departmentCodesOfRegion } from '../territory/index.ts';
import { findMeetingFact, type MeetingFact } from './facts.ts';
import {
  tellOperatorsOfCancellation,
  tellOperatorsOfRequest,
  tellTeacherOfAnswer,
} from './transport-mails.ts';

export type TransportRequestRow = typeof transportRequests.$inferSelect;
/** A request with its meeting's facts, read in one query (the operators' list, the e-mails). */
export type TransportRequestWithMeeting = TransportRequestRow & { meeting: MeetingFact };

export const transportRequestIdSchema = z.object({ id: z.coerce.number().int().positive() });
export const transportListSchema = z.object({
  status: z.enum(TRANSPORT_REQUEST_STATUSES).nullish(),
});

/** Open: waiting for an answer, or accepted. A meeting has one at most (transport_requests_open_idx). */
const OPEN: TransportRequestStatus[] = ['pending', 'accepted'];

/** A company visit that still stands and has not started: what transport help is for. */
export function transportAvailable(meeting: MeetingFact, now: Date): boolean {
  return (
    meeting.meetingType === 'CompanyVisit' &&
    meeting.status === 'confirmed' &&
    meeting.startsAt.getTime() > now.getTime()
  );
}

async function withMeetings(db: DbOrTx, where: SQL | undefined, order: SQL[], limit?: number) {
  const query = db
    .select()
    .from(transportRequests)
    .where(where)
    .orderBy(...order);
  const requests = limit ? await query.limit(limit) : await query;
  if (requests.length === 0) return [];
  const facts = await db
    .select()
    .from(meetingFacts)
    .where(inArray(meetingFacts.id, [...new Set(requests.map((request) => request.meetingId))]));
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
function inAreaOf(operator: Viewer): SQL | undefined {
  return operator.regionCode === null
    ? undefined
    : ofDepartments(departmentCodesOfRegion(operator.regionCode));
}

/** The requests of meetings of companies of these departments. */
function ofDepartments(departmentCodes: string[]): SQL {
  return inArray(
    transportRequests.meetingId,
    sql`(SELECT ${meetingFacts.id} FROM ${meetingFacts} WHERE ${inArray(meetingFacts.companyDepartmentCode, departmentCodes)})`,
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
export function transportRequestOfMeeting(viewer: Viewer | null, meeting: MeetingFact, deps: Deps) {
  if (!canSeeTransportRequest(viewer, meeting)) return null;
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
 * A cancelled meeting closes its open request (PRODUCT.md), in the cancellation's transaction, whatever
 * cancelled it (cancellation.ts calls this for every path). Operators who had accepted one are told, so
 * that they call off the transport they arranged.
 */
export async function closeTransportRequests(
  tx: DbOrTx,
  deps: { now: Date; publicUrl: string },
  meetingIds: number[],
): Promise<void> {
  if (meetingIds.length === 0) return;
  const closed = await tx
    .select({ id: transportRequests.id, status: transportRequests.status })
    .from(transportRequests)
    .where(and(inArray(transportRequests.meetingId, meetingIds), inArray(transportRequests.status, OPEN)));
  if (closed.length === 0) return;
  await tx
    .update(transportRequests)
    .set({ status: 'cancelled', cancelledAt: deps.now })
    .where(
      and(
        inArray(
          transportRequests.id,
          closed.map((request) => request.id),
        ),
        inArray(transportRequests.status, OPEN),
      ),
    );
  const accepted = closed.filter((request) => request.status === 'accepted').map((request) => request.id);
  if (accepted.length === 0) return;
  for (const request of await withMeetings(tx, inArray(transportRequests.id, accepted), [
    asc(transportRequests.id),
  ])) {
    await tellOperatorsOfCancellation(tx, request, deps);
  }
}

/** The teacher's default departure: their establishment's address, when it has one. */
export async function establishmentAddressOf(db: DbOrTx, meeting: MeetingFact) {
  if (!meeting.establishmentId) return null;
  const establishment = await findEstablishmentById(db, meeting.establishmentId);
  if (
    !establishment?.label ||
    !establishment.zipcode ||
    !establishment.city ||
    establishment.lat === null ||
    establishment.lng === null
  ) {
    return null;
  }
  return {
    label: establishment.label,
    zipcode: establishment.zipcode,
    city: establishment.city,
    departmentCode: establishment.departmentCode ?? departmentOfZipcode(establishment.zipcode) ?? '',
    lat: establishment.lat,
    lng: establishment.lng,
  };
}

/** A request as the pages show it: plain values, dates as ISO strings. */
export interface TransportRequestView {
  id: number;
  status: TransportRequestStatus;
  groupSize: number;
  departure: string;
  comment: string | null;
  answer: string | null;
  createdAt: string;
  answeredAt: string | null;
}

export function transportRequestView(request: TransportRequestRow): TransportRequestView {
  return {
    id: request.id,
    status: request.status,
    groupSize: request.groupSize,
    departure: request.departureLabel,
    comment: request.comment,
    answer: request.answer,
    createdAt: request.createdAt.toISOString(),
    answeredAt: request.answeredAt?.toISOString() ?? null,
  };
}

/** What the meeting's page offers its teacher about transport. */
export interface TransportHelp {
  request: TransportRequestView | null;
  /** A company visit that has not started, without an open request: the teacher may ask now. */
  canRequest: boolean;
  /** Their establishment's address, the form's departure by default. */
  defaultDeparture: Awaited<ReturnType<typeof establishmentAddressOf>>;
}

/**
 * Transport help on a meeting's page: for its teacher (and the operators), on a company visit that has a
 * request or may still get one; null otherwise (the page then says nothing of it).
 */
export async function transportHelpFor(
  viewer: Viewer | null,
  meeting: MeetingFact,
  deps: Deps,
): Promise<TransportHelp | null> {
  if (meeting.meetingType !== 'CompanyVisit' || !canSeeTransportRequest(viewer, meeting)) return null;
  const request = await latestTransportRequest(deps.db, meeting.id);
  const open = request !== null && OPEN.includes(request.status);
  const canRequest =
    canRequestTransport(viewer, meeting) && !open && transportAvailable(meeting, deps.clock.now());
  if (!request && !canRequest) return null;
  return {
    request: request && transportRequestView(request),
    canRequest,
    defaultDeparture: canRequest ? await establishmentAddressOf(deps.db, meeting) : null,
  };
}

/** A request in the operators' list: the request, and the meeting it is for. */
export interface TransportRequestForOperators extends TransportRequestView {
  meeting: {
    id: number;
    companyName: string;
    teacherName: string;
    teacherEmail: string;
    teacherPhone: string | null;
    establishmentName: string | null;
    startsAt: string;
    endsAt: string;
    timeZone: string;
    participantsCount: number;
    place: string | null;
  };
}

/** How many answered or cancelled requests the operators' screen shows, latest first. */
export const RECENT_TRANSPORT_REQUESTS = 30;

/** The operators' screen: the waiting requests, oldest first, then the latest others. */
export async function transportRequestsForOperators(
  viewer: Viewer | null,
  deps: Deps,
): Promise<{ pending: TransportRequestForOperators[]; others: TransportRequestForOperators[] }> {
  const operator = requireViewer(viewer);
  if (!canAnswerTransportRequests(operator)) throw new AppError('FORBIDDEN');
  const [pending, others] = await Promise.all([
    transportRequestsFor(operator, { status: 'pending' }, deps),
    withMeetings(
      deps.db,
      and(ne(transportRequests.status, 'pending'), inAreaOf(operator)),
      [desc(transportRequests.createdAt), desc(transportRequests.id)],
      RECENT_TRANSPORT_REQUESTS,
    ),
  ]);
  const shape = (request: TransportRequestWithMeeting): TransportRequestForOperators => ({
    ...transportRequestView(request),
    meeting: {
      id: request.meeting.id,
      companyName: request.meeting.companyName,
      teacherName: `${request.meeting.teacherFirstName} ${request.meeting.teacherLastName}`,
      teacherEmail: request.meeting.teacherEmail,
      teacherPhone: request.meeting.teacherPhone,
      establishmentName: request.meeting.establishmentName,
      startsAt: request.meeting.startsAt.toISOString(),
      endsAt: request.meeting.endsAt.toISOString(),
      timeZone: request.meeting.timeZone,
      participantsCount: request.meeting.participantsCount,
      place: request.meeting.placeLabel ?? request.meeting.companyAddress,
    },
  });
  return {
    pending: pending.map(shape),
    others: others.map(shape),
  };
}

/**
 * Every transport request of companies of these departments (all when absent) with its meeting, in id
 * order, a batch at a time: the operators' export.
 */
export function transportRequestsInBatches(db: DbOrTx, departmentCodes?: string[]) {
  const inArea = departmentCodes ? ofDepartments(departmentCodes) : undefined;
  return inIdOrder((afterId, limit) =>
    withMeetings(db, and(gt(transportRequests.id, afterId), inArea), [asc(transportRequests.id)], limit),
  );
}
