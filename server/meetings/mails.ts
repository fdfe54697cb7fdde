import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { MEETING_TYPE_LABELS } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import type { DbOrTx } from '../../db/client.ts';
import { companies, establishments, meetings, slots, users } from '../../db/schema.ts';
import { enqueueMail, type MailTemplates, type MeetingMail } from '../mail/index.ts';
import { meetingCalendarEvent, meetingPlace } from './calendar-events.ts';

export interface MeetingMailDeps {
  now: Date;
  publicUrl: string;
}

/** Meetings with everything their e-mails and their calendar events say, soonest first. */
export function meetingRows(tx: DbOrTx, where: SQL | undefined) {
  return tx
    .select({
      id: meetings.id,
      status: meetings.status,
      participantsCount: meetings.participantsCount,
      message: meetings.message,
      createdAt: meetings.createdAt,
      cancelledAt: meetings.cancelledAt,
      teacherEmail: users.email,
      teacherFirstName: users.firstName,
      teacherLastName: users.lastName,
      establishmentName: establishments.name,
      establishmentAddress: establishments.label,
      slotId: slots.id,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      timeZone: slots.timeZone,
      durationMinutes: slots.durationMinutes,
      meetingType: slots.meetingType,
      placeLabel: slots.placeLabel,
      videoLink: slots.videoLink,
      slotUpdatedAt: slots.updatedAt,
      companyId: companies.id,
      companyName: companies.name,
      companyPhone: companies.phone,
      companyAddress: companies.label,
    })
    .from(meetings)
    .innerJoin(slots, eq(slots.id, meetings.slotId))
    .innerJoin(companies, eq(companies.id, slots.companyId))
    .innerJoin(users, eq(users.id, meetings.teacherId))
    .leftJoin(establishments, eq(establishments.id, meetings.establishmentId))
    .where(where)
    .orderBy(asc(slots.startsAt), asc(meetings.id));
}
export type MeetingForMail = Awaited<ReturnType<typeof meetingRows>>[number];

type MeetingTemplate = 'meetingBooked' | 'meetingMoved' | 'meetingCancelled';
/** What a template says beyond what every meeting e-mail says. */
type Extra<T extends MeetingTemplate> = Omit<MailTemplates[T], keyof MeetingMail>;

/**
 * E-mails both sides of each meeting (PRODUCT.md: every booking, move and cancellation): its teacher,
 * and each active recruiter of its company, each with the meeting's calendar event.
 */
export async function tellBothSides<T extends MeetingTemplate>(
  tx: DbOrTx,
  deps: MeetingMailDeps,
  template: T,
  meetingIds: number[],
  extra: (meeting: MeetingForMail) => Extra<T>,
): Promise<void> {
  if (meetingIds.length === 0) return;
  const rows = await meetingRows(tx, inArray(meetings.id, meetingIds));
  const recruitersByCompany = new Map<number, { email: string; firstName: string }[]>();
  for (const meeting of rows) {
    let recruiters = recruitersByCompany.get(meeting.companyId);
    if (!recruiters) {
      recruiters = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(
          and(
            eq(users.companyId, meeting.companyId),
            eq(users.kind, 'recruiter'),
            isNull(users.anonymizedAt),
          ),
        )
        .orderBy(asc(users.id));
      recruitersByCompany.set(meeting.companyId, recruiters);
    }
    const recipients = [
      { audience: 'teacher' as const, email: meeting.teacherEmail, firstName: meeting.teacherFirstName },
      ...recruiters.map((r) => ({ audience: 'company' as const, email: r.email, firstName: r.firstName })),
    ];
    for (const recipient of recipients) {
      const base: MeetingMail = {
        audience: recipient.audience,
        firstName: recipient.firstName,
        companyName: meeting.companyName,
        companyPhone: meeting.companyPhone,
        establishmentName: meeting.establishmentName ?? 'Établissement non précisé',
        teacherName: `${meeting.teacherFirstName} ${meeting.teacherLastName}`,
        meetingTypeLabel: MEETING_TYPE_LABELS[meeting.meetingType],
        startsAt: meeting.startsAt.toISOString(),
        durationMinutes: meeting.durationMinutes,
        timeZone: meeting.timeZone,
        place: meetingPlace(meeting, deps.publicUrl),
        detailsUrl: `${deps.publicUrl}${recipient.audience === 'teacher' ? ROUTES.meetingDetailsTeacher : ROUTES.meetingDetailsCompany}?id=${meeting.id}`,
        calendar: serialise(meetingCalendarEvent(meeting, recipient.audience, deps.publicUrl, deps.now)),
      };
      await enqueueMail(
        tx,
        { template, to: recipient.email, data: { ...base, ...extra(meeting) } as MailTemplates[T] },
        deps.now,
      );
    }
  }
}

function serialise(event: ReturnType<typeof meetingCalendarEvent>) {
  return {
    ...event,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    stamp: event.stamp.toISOString(),
  };
}
