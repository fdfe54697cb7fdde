import { and, asc, desc, eq, gt, lte, type SQL } from 'drizzle-orm';
import type { MeetingStatus, MeetingType, PublicCategory, SlotSubject } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { shownMeetingStatus } from '../../common/slots.ts';
import type { DbOrTx } from '../../db/client.ts';
import { companies, establishments, meetings, slots, users } from '../../db/schema.ts';
import { meetingPlace } from './calendar-events.ts';
import { CALENDAR_ROUTES } from './calendar-feed.ts';
import type { MeetingViewer } from './meetings.ts';

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
  teacher: { firstName: string; lastName: string; email: string; phone: string | null };
  establishment: { name: string; type: string; address: string | null } | null;
  /** The .ics of this meeting (needs the session). */
  calendarUrl: string;
  /** Its details page for the viewer's side. */
  detailsUrl: string;
}

function ownerOf(viewer: MeetingViewer): SQL | undefined {
  if (viewer.kind === 'teacher') return eq(meetings.teacherId, viewer.id);
  if (viewer.kind === 'recruiter' && viewer.companyId !== null) return eq(slots.companyId, viewer.companyId);
  return undefined;
}

async function selectViews(
  db: DbOrTx,
  viewer: MeetingViewer,
  where: SQL | undefined,
  order: 'soonest' | 'latest',
  now: Date,
  limit?: number,
): Promise<MeetingView[]> {
  const owner = ownerOf(viewer);
  if (!owner && viewer.kind !== 'admin') return [];
  const query = db
    .select({
      meeting: meetings,
      slot: slots,
      company: { id: companies.id, name: companies.name, phone: companies.phone, address: companies.label },
      teacher: {
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
      },
      establishment: { name: establishments.name, type: establishments.type, address: establishments.label },
    })
    .from(meetings)
    .innerJoin(slots, eq(slots.id, meetings.slotId))
    .innerJoin(companies, eq(companies.id, slots.companyId))
    .innerJoin(users, eq(users.id, meetings.teacherId))
    .leftJoin(establishments, eq(establishments.id, meetings.establishmentId))
    .where(and(owner, where))
    .orderBy(order === 'soonest' ? asc(slots.startsAt) : desc(slots.startsAt), asc(meetings.id));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map(({ meeting, slot, company, teacher, establishment }) => {
    const source = {
      ...meeting,
      establishmentName: establishment?.name ?? null,
      establishmentAddress: establishment?.address ?? null,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      meetingType: slot.meetingType,
      placeLabel: slot.placeLabel,
      videoLink: slot.videoLink,
      slotUpdatedAt: slot.updatedAt,
      companyName: company.name,
      companyAddress: company.address,
    };
    const cancelled = meeting.status === 'cancelled';
    return {
      id: meeting.id,
      status: shownMeetingStatus(meeting.status, slot.startsAt, slot.endsAt, now),
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
      canCancel: !cancelled && slot.startsAt.getTime() > now.getTime() && viewer.kind !== 'admin',
      slotId: slot.id,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      timeZone: slot.timeZone,
      durationMinutes: slot.durationMinutes,
      meetingType: slot.meetingType,
      subjects: slot.subjects,
      description: slot.description,
      place: meetingPlace(source, ''),
      videoLink: slot.videoLink,
      speaker: {
        name: slot.speakerName,
        firstname: slot.speakerFirstname,
        email: slot.speakerEmail,
        phone: slot.speakerPhone,
        role: slot.speakerRole,
      },
      company,
      teacher,
      establishment: establishment?.name
        ? { name: establishment.name, type: establishment.type ?? '', address: establishment.address }
        : null,
      calendarUrl: CALENDAR_ROUTES.meeting(meeting.id),
      detailsUrl: `${viewer.kind === 'teacher' ? ROUTES.meetingDetailsTeacher : ROUTES.meetingDetailsCompany}?id=${meeting.id}`,
    };
  });
}

/** The viewer's meetings not ended yet (soonest first) or ended (latest first), cancelled ones included. */
export function meetingViews(
  db: DbOrTx,
  viewer: MeetingViewer,
  period: 'upcoming' | 'past',
  now: Date,
  limit?: number,
): Promise<MeetingView[]> {
  return period === 'upcoming'
    ? selectViews(db, viewer, gt(slots.endsAt, now), 'soonest', now, limit)
    : selectViews(db, viewer, lte(slots.endsAt, now), 'latest', now, limit);
}

/** One meeting of the viewer's, or null (not theirs, or no such meeting). */
export async function meetingView(
  db: DbOrTx,
  viewer: MeetingViewer,
  id: number,
  now: Date,
): Promise<MeetingView | null> {
  const [view] = await selectViews(db, viewer, eq(meetings.id, id), 'soonest', now, 1);
  return view ?? null;
}
