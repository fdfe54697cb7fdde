import { and, asc, desc, eq, gt, lte, ne, type SQL } from 'drizzle-orm';
import type { MeetingStatus, MeetingType, PublicCategory, SlotSubject } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { shownMeetingStatus } from '../../common/slots.ts';
import { meetingFacts } from '../../db/schema/meetings.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { canCancelMeeting, canMarkAbsent, canSeeMeeting } from '../permissions.ts';
import { absenceOpen } from './absence.ts';
import { meetingPlace } from './calendar-events.ts';
import { CALENDAR_ROUTES } from './calendar-feed.ts';
import { findMeetingFact, type MeetingFact } from './facts.ts';
import type { Period } from './meetings.ts';
import { type TransportHelp, transportHelpFor } from './transport.ts';

/** A meeting as the pages show it: plain values (dates as ISO strings), one query for a whole list. */
export interface MeetingView {
  id: number;
  status: MeetingStatus;
  participantsCount: number;
  publicCategory: PublicCategory;
  message: string | null;
  accompanyingAdultName: string | null;
  accompanyingAdultPhone: string | null;
  cancelReason: string | null;
  /** teacher or company; platform when an operator removed the company; null while it stands. */
  cancelledBy: 'teacher' | 'company' | 'platform' | null;
  /** Not cancelled and not started: either side may still cancel. */
  canCancel: boolean;
  /** The company said the group did not come. */
  absent: boolean;
  /** Each side's « Je confirme » from a reminder (docs/decisions/0040), ISO; null until given. */
  teacherConfirmedAt: string | null;
  companyConfirmedAt: string | null;
  /** The company's side, after the end and within the window, while not said yet. */
  canMarkAbsent: boolean;
  slotId: number;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  durationMinutes: number;
  meetingType: MeetingType;
  subjects: SlotSubject[];
  description: string | null;
  /** Where it happens: an address, or the webinar's link (external, or the built-in room's). */
  place: string | null;
  videoLink: string | null;
  speaker: { name: string; firstname: string; email: string; phone: string; role: string };
  company: { id: number; name: string; phone: string | null; address: string | null };
  teacher: { id: number; firstName: string; lastName: string; email: string; phone: string | null };
  establishment: { name: string; type: string; address: string | null } | null;
  /** The .ics of this meeting (needs the session). */
  calendarUrl: string;
  /** Its details page for the viewer's side. */
  detailsUrl: string;
}

function ownerOf(viewer: Viewer): SQL | undefined {
  if (viewer.kind === 'teacher') return eq(meetingFacts.teacherId, viewer.id);
  if (viewer.kind === 'recruiter') return eq(meetingFacts.companyId, viewer.companyId ?? 0);
  return undefined;
}

function viewOf(meeting: MeetingFact, viewer: Viewer, now: Date): MeetingView {
  const cancelled = meeting.status === 'cancelled';
  return {
    id: meeting.id,
    status: shownMeetingStatus(meeting.status, meeting.startsAt, meeting.endsAt, now),
    participantsCount: meeting.participantsCount,
    publicCategory: meeting.publicCategory,
    message: meeting.message,
    accompanyingAdultName: meeting.accompanyingAdultName,
    accompanyingAdultPhone: meeting.accompanyingAdultPhone,
    cancelReason: meeting.cancelReason,
    cancelledBy: !cancelled
      ? null
      : meeting.cancelledBy === null
        ? 'platform'
        : meeting.cancelledBy === meeting.teacherId
          ? 'teacher'
          : 'company',
    canCancel: !cancelled && meeting.startsAt.getTime() > now.getTime() && canCancelMeeting(viewer, meeting),
    absent: meeting.absentAt !== null,
    teacherConfirmedAt: meeting.teacherConfirmedAt?.toISOString() ?? null,
    companyConfirmedAt: meeting.companyConfirmedAt?.toISOString() ?? null,
    canMarkAbsent: meeting.absentAt === null && absenceOpen(meeting, now) && canMarkAbsent(viewer, meeting),
    slotId: meeting.slotId,
    startsAt: meeting.startsAt.toISOString(),
    endsAt: meeting.endsAt.toISOString(),
    timeZone: meeting.timeZone,
    durationMinutes: meeting.durationMinutes,
    meetingType: meeting.meetingType,
    subjects: meeting.subjects,
    description: meeting.description,
    place: meetingPlace(meeting, ''),
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
    },
    teacher: {
      id: meeting.teacherId,
      firstName: meeting.teacherFirstName,
      lastName: meeting.teacherLastName,
      email: meeting.teacherEmail,
      phone: meeting.teacherPhone,
    },
    establishment: meeting.establishmentName
      ? {
          name: meeting.establishmentName,
          type: meeting.establishmentType ?? '',
          address: meeting.establishmentAddress,
        }
      : null,
    calendarUrl: CALENDAR_ROUTES.meeting(meeting.id),
    detailsUrl: `${viewer.kind === 'teacher' ? ROUTES.meetingDetailsTeacher : ROUTES.meetingDetailsCompany}?id=${meeting.id}`,
  };
}

export interface MeetingListInput {
  period: Period;
  /** The first ones only (a home page's short list). */
  limit?: number;
  /** Leave the cancelled ones out: a home page's "next meetings" are those that still stand. */
  standingOnly?: boolean;
}

/**
 * The viewer's meetings, for the pages: not ended yet (soonest first) or ended (latest first), cancelled
 * ones included unless `standingOnly`. A teacher's own, a recruiter's company's; nothing for anyone else.
 */
export async function meetingViewsFor(
  viewer: Viewer | null,
  input: MeetingListInput,
  deps: Deps,
): Promise<MeetingView[]> {
  const owner = viewer && ownerOf(viewer);
  if (!viewer || !owner) return [];
  const now = deps.clock.now();
  const upcoming = input.period === 'upcoming';
  const query = deps.db
    .select()
    .from(meetingFacts)
    .where(
      and(
        owner,
        upcoming ? gt(meetingFacts.endsAt, now) : lte(meetingFacts.endsAt, now),
        input.standingOnly ? ne(meetingFacts.status, 'cancelled') : undefined,
      ),
    )
    .orderBy(upcoming ? asc(meetingFacts.startsAt) : desc(meetingFacts.startsAt), asc(meetingFacts.id));
  const rows = input.limit ? await query.limit(input.limit) : await query;
  return rows.map((meeting) => viewOf(meeting, viewer, now));
}

/** A meeting's details page: the meeting, and for its teacher on a company visit, transport help. */
export type MeetingDetailsView = MeetingView & { transport: TransportHelp | null };

/** One meeting of the viewer's, for its details page; null when there is none they may see (a 404). */
export async function meetingViewFor(
  viewer: Viewer | null,
  id: number,
  deps: Deps,
): Promise<MeetingDetailsView | null> {
  if (!viewer) return null;
  const meeting = await findMeetingFact(deps.db, id);
  if (!meeting || !canSeeMeeting(viewer, meeting)) return null;
  return {
    ...viewOf(meeting, viewer, deps.clock.now()),
    transport: await transportHelpFor(viewer, meeting, deps),
  };
}
