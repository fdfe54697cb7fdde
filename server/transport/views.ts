import { and, asc, desc, gt, ne } from 'drizzle-orm';
import { departmentOfZipcode } from '../../common/territory.ts';
import type { TransportRequestForOperators, TransportRequestView } from '../../common/transport.ts';
import { inIdOrder } from '../../db/batches.ts';
import type { DbOrTx } from '../../db/client.ts';
import { transportRequests } from '../../db/schema/transport.ts';
import { findEstablishmentById } from '../accounts/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import type { MeetingFact } from '../meetings/index.ts';
import {
  canAnswerTransportRequests,
  canRequestTransport,
  canSeeTransportRequest,
  requireViewer,
} from '../permissions.ts';
import {
  inAreaOf,
  latestTransportRequest,
  OPEN,
  ofDepartments,
  type TransportRequestRow,
  type TransportRequestWithMeeting,
  transportAvailable,
  transportRequestsFor,
  withMeetings,
} from './requests.ts';

/** The teacher's default departure: their establishment's address, when it has one. */
async function establishmentAddressOf(db: DbOrTx, meeting: MeetingFact) {
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

function transportRequestView(request: TransportRequestRow): TransportRequestView {
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
