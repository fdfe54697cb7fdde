import { and, asc, desc, eq, gt, inArray, lte, ne, sql } from 'drizzle-orm';
import type { MeetingStatus, MeetingType, PublicCategory, SlotSubject } from '../../common/constants.ts';
import { ABSENCE_WINDOW_DAYS } from '../../common/feedback.ts';
import { meetingDocumentExists } from '../../common/meeting-documents.ts';
import { meetingPlace } from '../../common/meetings.ts';
import { ROUTES } from '../../common/routes.ts';
import { shownMeetingStatus } from '../../common/slots.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { meetingFacts, meetingTimes } from '../../db/schema/meetings.ts';
import { hasBuiltInRoom } from '../kernel/config.ts';
import type { Deps } from '../kernel/context.ts';
import type { CancelledBy } from '../kernel/events.ts';
import type { Viewer } from '../kernel/viewer.ts';
import {
  canCancelMeetingNow,
  canChangeBookingNow,
  canMarkAbsent,
  canSeeMeeting,
  confirmingSideOf,
  isMeetingTeacher,
} from '../permissions.ts';
import { findMeetingFact, type MeetingFact } from './facts.ts';

/**
 * A meeting as its viewer reads it (docs/decisions/0043: one read model per entity): the pages, the islands
 * and the API's `Meeting` alike. Plain values, instants as ISO strings; what its rules say (the shown
 * status, who cancelled, whether the viewer may cancel or say the group was absent) computed once, here.
 */
export interface MeetingView {
  id: number;
  status: MeetingStatus;
  participantsCount: number;
  publicCategory: PublicCategory;
  message: string | null;
  accompanyingAdultName: string | null;
  accompanyingAdultPhone: string | null;
  cancelReason: string | null;
  /** teacher or company; platform when the operators removed the company; null while it stands. */
  cancelledBy: CancelledBy | null;
  /** The viewer may cancel it now (permissions.canCancelMeetingNow). */
  canCancel: boolean;
  /** The viewer, its teacher, may change the booking now (permissions.canChangeBookingNow). */
  canChange: boolean;
  /** The company said the group did not come. */
  absent: boolean;
  /** Each side's « Je confirme » from a reminder (docs/decisions/0040), ISO; null until given. */
  teacherConfirmedAt: string | null;
  companyConfirmedAt: string | null;
  /** The company's side, after the end and within the window, while not said yet. */
  canMarkAbsent: boolean;
  createdAt: string;
  slotId: number;
  startsAt: string;
  endsAt: string;
  /** A postponed (`reported`) meeting: the times it was booked for, ISO (old → new); null otherwise. */
  previousStartsAt: string | null;
  previousEndsAt: string | null;
  timeZone: string;
  durationMinutes: number;
  meetingType: MeetingType;
  subjects: SlotSubject[];
  description: string | null;
  /** Where it happens: an address, or the webinar's link (external, or the built-in room's). */
  place: string | null;
  videoLink: string | null;
  speaker: { name: string; firstname: string; email: string; phone: string; role: string };
  company: {
    id: number;
    name: string;
    phone: string | null;
    address: string | null;
    departmentCode: string | null;
  };
  teacher: { id: number; firstName: string; lastName: string; email: string; phone: string | null };
  establishmentId: number | null;
  /** Its group (« Mes classes »), for its teacher only; null for anyone else (permissions.isMeetingTeacher). */
  groupId: number | null;
  establishment: { name: string; type: string; address: string | null } | null;
  /** The .ics of this meeting (needs the session). */
  calendarUrl: string;
  /** Its details page for the viewer's side. */
  detailsUrl: string;
  /**
   * The attestation's verification code (`/attestation/<code>`), for the meeting's two sides once it is held
   * (docs/decisions/0046); null before, and for anyone else (the operators included).
   */
  attestationCode: string | null;
}

const DAY_MS = 86_400_000;

/** Whether the company may still say the group did not come: done, not cancelled, within the window. */
export function absenceOpen(meeting: Pick<MeetingFact, 'status' | 'endsAt'>, now: Date): boolean {
  const sinceEnd = now.getTime() - meeting.endsAt.getTime();
  return meeting.status !== 'cancelled' && sinceEnd >= 0 && sinceEnd <= ABSENCE_WINDOW_DAYS * DAY_MS;
}

/** Who cancelled, from the stored canceller: nobody (the operators) is the platform. */
function cancelledByOf(meeting: MeetingFact): CancelledBy | null {
  if (meeting.status !== 'cancelled') return null;
  if (meeting.cancelledBy === null) return 'platform';
  return meeting.cancelledBy === meeting.teacherId ? 'teacher' : 'company';
}

/** The meeting as `viewer` reads it at `now`; the caller has checked that they may see it. */
/** `builtInRoom`: whether the platform has its video room (kernel/config hasBuiltInRoom), for a webinar's place. */
export function meetingView(
  meeting: MeetingFact,
  viewer: Viewer,
  now: Date,
  builtInRoom = true,
): MeetingView {
  return {
    id: meeting.id,
    status: shownMeetingStatus(meeting.status, meeting.startsAt, meeting.endsAt, now),
    participantsCount: meeting.participantsCount,
    publicCategory: meeting.publicCategory,
    message: meeting.message,
    accompanyingAdultName: meeting.accompanyingAdultName,
    accompanyingAdultPhone: meeting.accompanyingAdultPhone,
    cancelReason: meeting.cancelReason,
    cancelledBy: cancelledByOf(meeting),
    canCancel: canCancelMeetingNow(viewer, meeting, now),
    canChange: canChangeBookingNow(viewer, meeting, now),
    absent: meeting.absentAt !== null,
    teacherConfirmedAt: meeting.teacherConfirmedAt?.toISOString() ?? null,
    companyConfirmedAt: meeting.companyConfirmedAt?.toISOString() ?? null,
    canMarkAbsent: meeting.absentAt === null && absenceOpen(meeting, now) && canMarkAbsent(viewer, meeting),
    createdAt: meeting.createdAt.toISOString(),
    slotId: meeting.slotId,
    startsAt: meeting.startsAt.toISOString(),
    endsAt: meeting.endsAt.toISOString(),
    previousStartsAt: (meeting.status === 'reported' && meeting.previousStartsAt?.toISOString()) || null,
    previousEndsAt: (meeting.status === 'reported' && meeting.previousEndsAt?.toISOString()) || null,
    timeZone: meeting.timeZone,
    durationMinutes: meeting.durationMinutes,
    meetingType: meeting.meetingType,
    subjects: meeting.subjects,
    description: meeting.description,
    place: meetingPlace(meeting, '', builtInRoom),
    videoLink: meeting.videoLink,
    speaker: {
      name: meeting.speakerName,
      firstname: meeting.speakerFirstname,
      email: meeting.speakerEmail,
      phone: meeting.speakerPhone,
      role: meeting.speakerRole,
    },
    company: {
      id: meeting.companyId,
      name: meeting.companyName,
      phone: meeting.companyPhone,
      address: meeting.companyAddress,
      departmentCode: meeting.companyDepartmentCode,
    },
    teacher: {
      id: meeting.teacherId,
      firstName: meeting.teacherFirstName,
      lastName: meeting.teacherLastName,
      email: meeting.teacherEmail,
      phone: meeting.teacherPhone,
    },
    establishmentId: meeting.establishmentId,
    groupId: isMeetingTeacher(viewer, meeting) ? meeting.groupId : null,
    establishment: meeting.establishmentName
      ? {
          name: meeting.establishmentName,
          type: meeting.establishmentType ?? '',
          address: meeting.establishmentAddress,
        }
      : null,
    calendarUrl: ROUTES.meetingCalendar(meeting.id),
    detailsUrl: `${viewer.kind === 'teacher' ? ROUTES.meetingDetailsTeacher : ROUTES.meetingDetailsCompany}?id=${meeting.id}`,
    attestationCode:
      confirmingSideOf(viewer, meeting) && meetingDocumentExists('attestation', meeting, now)
        ? meeting.attestationCode
        : null,
  };
}

/** The people a view was made for may see it: its teacher, its company, its region's operators. */
export const meetingRefOf = (view: MeetingView) => ({
  teacherId: view.teacher.id,
  companyId: view.company.id,
  companyDepartmentCode: view.company.departmentCode,
});

/** Whose meetings a viewer lists: a teacher's own, a recruiter's company's; null for anyone else. */
function ownedMeetings(viewer: Viewer): { side: 'teacher' | 'company'; id: number } | null {
  if (viewer.kind === 'teacher') return { side: 'teacher', id: viewer.id };
  if (viewer.kind === 'recruiter') return { side: 'company', id: viewer.companyId ?? 0 };
  return null;
}

/**
 * A list of the viewer's meetings, as `meetingViewsFor` reads it: its shape (whose, which period, standing
 * only or not: one prepared query each, decision 0067), the values of its placeholders (instants in
 * milliseconds as the view stores them; `limit` -1 is no limit) and the instant it was taken at.
 */
export interface MeetingList {
  viewer: Viewer;
  side: 'teacher' | 'company';
  input: MeetingListInput;
  shape: string;
  values: { owner: number; now: number; limit: number; offset: number };
  now: Date;
}

/** The viewer's list at `now`; null when they own no meetings (neither a teacher nor a recruiter). */
export function meetingList(viewer: Viewer | null, input: MeetingListInput, now: Date): MeetingList | null {
  const owner = viewer && ownedMeetings(viewer);
  if (!viewer || !owner) return null;
  return {
    viewer,
    side: owner.side,
    input,
    shape: `${owner.side}:${input.period}:${input.standingOnly === true}`,
    values: { owner: owner.id, now: now.getTime(), limit: input.limit || -1, offset: input.offset ?? 0 },
    now,
  };
}

/**
 * The ids of the list's meetings, in its order, as a subquery over the narrow view (meetings and slots
 * only) with the list's placeholders: the list's query reads their facts, and what is read by those ids
 * beside the list (their questionnaires) goes in the same turn, so in the same round trip on Workers
 * (docs/decisions/0073).
 */
export function meetingListIds(db: DbOrTx, list: Pick<MeetingList, 'side' | 'input'>) {
  const { side, input } = list;
  return db
    .select({ id: meetingTimes.id })
    .from(meetingTimes)
    .where(
      and(
        eq(side === 'teacher' ? meetingTimes.teacherId : meetingTimes.companyId, sql.placeholder('owner')),
        input.period === 'upcoming'
          ? gt(meetingTimes.endsAt, sql.placeholder('now'))
          : lte(meetingTimes.endsAt, sql.placeholder('now')),
        input.standingOnly === true ? ne(meetingTimes.status, 'cancelled') : undefined,
      ),
    )
    .orderBy(...listOrder(meetingTimes, input))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));
}

/** Not ended yet: soonest first; ended: latest first; then by id. */
const listOrder = (view: typeof meetingFacts | typeof meetingTimes, input: MeetingListInput) => [
  input.period === 'upcoming' ? asc(view.startsAt) : desc(view.startsAt),
  asc(view.id),
];

export interface MeetingListInput {
  period: 'upcoming' | 'past';
  /** The first ones only (a home page's short list). */
  limit?: number;
  /** With `limit`: skip that many first (the next batch of a list read in batches). */
  offset?: number;
  /** Leave the cancelled ones out: a home page's "next meetings" are those that still stand. */
  standingOnly?: boolean;
}

/**
 * The viewer's meetings: not ended yet (soonest first) or ended (latest first), cancelled ones included
 * unless `standingOnly`, as the meetings pages list them.
 */
export function meetingViewsFor(
  viewer: Viewer | null,
  input: MeetingListInput,
  deps: Deps,
): Promise<MeetingView[]> {
  return meetingViewsOf(meetingList(viewer, input, deps.clock.now()), deps);
}

/** The list's meetings as its viewer reads them. */
export async function meetingViewsOf(list: MeetingList | null, deps: Deps): Promise<MeetingView[]> {
  if (!list) return [];
  // The ids from the narrow view first, then the facts of those ids: sorting every candidate's whole facts
  // cost 2.5 times more (decision 0067).
  const query = preparedOn(deps.db, `meetingList:${list.shape}`, (db) =>
    db
      .select()
      .from(meetingFacts)
      .where(inArray(meetingFacts.id, meetingListIds(db, list)))
      .orderBy(...listOrder(meetingFacts, list.input))
      .prepare(),
  );
  const rows = await query.all(list.values);
  const room = hasBuiltInRoom(deps);
  return rows.map((meeting) => meetingView(meeting, list.viewer, list.now, room));
}

/** One meeting as the viewer reads it; null when they may not see it (its teacher, company, operators). */
export async function meetingViewFor(
  viewer: Viewer | null,
  id: number,
  deps: Deps,
): Promise<MeetingView | null> {
  if (!viewer) return null;
  const meeting = await findMeetingFact(deps.db, id);
  return meeting && canSeeMeeting(viewer, meeting)
    ? meetingView(meeting, viewer, deps.clock.now(), hasBuiltInRoom(deps))
    : null;
}

/** Meetings by id as the viewer reads them, those they may see, in the order of `ids`. */
export async function meetingViewsByIds(
  viewer: Viewer | null,
  ids: number[],
  deps: Deps,
): Promise<MeetingView[]> {
  if (!viewer || ids.length === 0) return [];
  const now = deps.clock.now();
  const rows = await deps.db.select().from(meetingFacts).where(inArray(meetingFacts.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const meeting = byId.get(id);
    return meeting && canSeeMeeting(viewer, meeting)
      ? [meetingView(meeting, viewer, now, hasBuiltInRoom(deps))]
      : [];
  });
}
