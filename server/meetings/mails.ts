import { asc, inArray, type SQL } from 'drizzle-orm';
import { MEETING_TYPE_LABELS } from '../../common/constants.ts';
import type { MeetingSide } from '../../common/meetings.ts';
import { meetingPlace } from '../../common/meetings.ts';
import { ROUTES } from '../../common/routes.ts';
import type { DbOrTx } from '../../db/client.ts';
import { meetingFacts } from '../../db/schema/meetings.ts';
import { type RecruiterContact, recruitersByCompany } from '../accounts/index.ts';
import type { EventContext } from '../kernel/events.ts';
import { enqueueMails, type MailData } from '../mail/index.ts';
import { meetingCalendarEvent } from './calendar-events.ts';
import { type MeetingMail, meetingMails } from './mail-templates.ts';

/** What composing a meeting's e-mails needs of the change's context: its instant and the platform's URL. */
export type MeetingMailDeps = Pick<EventContext, 'now' | 'publicUrl' | 'builtInRoom'>;

/** Meetings with everything their e-mails and their calendar events say, soonest first. */
export function meetingRows(tx: DbOrTx, where: SQL | undefined) {
  return tx
    .select()
    .from(meetingFacts)
    .where(where)
    .orderBy(asc(meetingFacts.startsAt), asc(meetingFacts.id));
}
export type MeetingForMail = Awaited<ReturnType<typeof meetingRows>>[number];

type MeetingTemplate =
  | 'meetingBooked'
  | 'meetingMoved'
  | 'meetingChanged'
  | 'meetingCancelled'
  | 'bookingChanged';
/** What a template says beyond what every meeting e-mail says. */
type Extra<T extends MeetingTemplate> = Omit<MailData<(typeof meetingMails)[T]>, keyof MeetingMail>;

/**
 * E-mails both sides of each meeting (PRODUCT.md: every booking, move and cancellation): its teacher,
 * and each active recruiter of its company, each with the meeting's calendar event; `only` one side, when
 * the other made the change (a teacher's booking changed).
 */
export async function tellBothSides<T extends MeetingTemplate>(
  tx: DbOrTx,
  deps: MeetingMailDeps,
  template: T,
  meetingIds: number[],
  extra: (meeting: MeetingForMail) => Extra<T>,
  only?: MeetingSide,
): Promise<void> {
  if (meetingIds.length === 0) return;
  const rows = await meetingRows(tx, inArray(meetingFacts.id, meetingIds));
  // Every company's recruiters in one query: a burst of bookings is one dispatch of many companies.
  const recruiters = await recruitersByCompany(tx, [...new Set(rows.map((m) => m.companyId))]);
  const mails: { to: string; data: MailData<(typeof meetingMails)[T]> }[] = [];
  for (const meeting of rows) {
    for (const recipient of recipientsOf(meeting, recruiters.get(meeting.companyId) ?? [])) {
      if (only && recipient.audience !== only) continue;
      const base: MeetingMail = {
        ...meetingMailBase(meeting, recipient, deps.publicUrl, deps.builtInRoom),
        calendar: serialise(
          meetingCalendarEvent(meeting, recipient.audience, deps.publicUrl, deps.now, deps.builtInRoom),
        ),
      };
      const data = { ...base, ...extra(meeting) } as MailData<(typeof meetingMails)[T]>;
      mails.push({ to: recipient.email, data });
    }
  }
  // Every side's e-mail in one statement.
  await enqueueMails(tx, meetingMails[template], mails, deps.now);
}

/** One person an e-mail of a meeting goes to, on which side. */
export interface MeetingRecipient {
  audience: MeetingSide;
  userId: number;
  email: string;
  firstName: string;
}

/** Whom every e-mail of a meeting goes to: its teacher first, then its company's active recruiters, in order. */
export function recipientsOf(
  meeting: Pick<MeetingForMail, 'teacherId' | 'teacherEmail' | 'teacherFirstName'>,
  recruiters: readonly RecruiterContact[],
): MeetingRecipient[] {
  return [
    {
      audience: 'teacher',
      userId: meeting.teacherId,
      email: meeting.teacherEmail,
      firstName: meeting.teacherFirstName,
    },
    ...recruiters.map((r) => ({
      audience: 'company' as const,
      userId: r.id,
      email: r.email,
      firstName: r.firstName,
    })),
  ];
}

/** What every e-mail of a meeting says to one recipient, but its calendar event. */
export function meetingMailBase(
  meeting: MeetingForMail,
  recipient: { audience: MeetingSide; firstName: string },
  publicUrl: string,
  builtInRoom = true,
): Omit<MeetingMail, 'calendar'> {
  return {
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
    place: meetingPlace(meeting, publicUrl, builtInRoom),
    detailsUrl: `${publicUrl}${recipient.audience === 'teacher' ? ROUTES.meetingDetailsTeacher : ROUTES.meetingDetailsCompany}?id=${meeting.id}`,
  };
}

function serialise(event: ReturnType<typeof meetingCalendarEvent>) {
  return {
    ...event,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    stamp: event.stamp.toISOString(),
  };
}
