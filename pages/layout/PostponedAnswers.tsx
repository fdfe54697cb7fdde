import { formatSlotDate, formatSlotHours } from '../../common/format.ts';
import { Island } from '../../islands/Island.tsx';
import {
  CancelMeeting,
  type CancelMeetingProps,
  type PlainKeep,
} from '../../islands/meetings/CancelMeeting.tsx';
import type { MeetingSummary } from '../../islands/meetings/MeetingParts.tsx';

/** « mardi 24 novembre 2026, 09:00 – 10:30 », as the meeting's page says it. */
const whenOf = (startsAt: string, endsAt: string, timeZone: string) =>
  `${formatSlotDate(startsAt, timeZone)}, ${formatSlotHours(startsAt, endsAt, timeZone)}`;

/** A postponed meeting's props for the meeting's own keep and cancel, in their compact form. */
function postponedProps(meeting: MeetingSummary, keep: PlainKeep | null): CancelMeetingProps {
  const previous =
    meeting.previousStartsAt && meeting.previousEndsAt
      ? whenOf(meeting.previousStartsAt, meeting.previousEndsAt, meeting.timeZone)
      : null;
  return {
    meetingId: meeting.id,
    side: 'teacher',
    status: meeting.status,
    canCancel: meeting.canCancel ?? false,
    when: whenOf(meeting.startsAt, meeting.endsAt, meeting.timeZone),
    company: { name: meeting.company.name, phone: meeting.company.phone ?? null },
    cancelledBy: null,
    cancelReason: null,
    calendarUrl: meeting.calendarUrl ?? '',
    previousWhen: previous,
    compact: true,
    keep,
  };
}

/**
 * On the teacher's home page and meetings list, a postponed meeting's card says old → new and takes its
 * answer there, « Je garde ma place » or « J’annule » (the meeting page's keepMeeting and cancellation);
 * other meetings offer nothing more, but the one just kept by a plain post (`keep`) says so.
 */
export function postponedAnswers(keep: PlainKeep | null) {
  return (meeting: MeetingSummary) => {
    if (meeting.status !== 'reported' && keep?.meetingId !== meeting.id) return null;
    return <Island name="CancelMeeting" component={CancelMeeting} props={postponedProps(meeting, keep)} />;
  };
}
