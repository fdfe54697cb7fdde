import { formatSlotDate, formatSlotHours } from '../../common/format.ts';
import type { MeetingSide } from '../../common/meetings.ts';
import { ROUTES } from '../../common/routes.ts';
import { Island } from '../../islands/Island.tsx';
import { CancelMeeting, type PlainCancel } from '../../islands/meetings/CancelMeeting.tsx';
import { ConfirmationNotes, meetingTitle } from '../../islands/meetings/MeetingParts.tsx';
import type { MeetingDetailsView } from '../../server/meeting-page/index.ts';

/** « 20 mars 2026, 09:00 – 10:30 »: when the meeting happens, in its slot's zone. */
const meetingWhen = (meeting: Pick<MeetingDetailsView, 'startsAt' | 'endsAt' | 'timeZone'>) =>
  `${formatSlotDate(meeting.startsAt, meeting.timeZone)}, ${formatSlotHours(meeting.startsAt, meeting.endsAt, meeting.timeZone)}`;

/**
 * The top of a meeting's details page, the same for both sides: the way back to the side's meetings, the
 * title and the time, the confirmations, and the cancellation (a plain form before its island hydrates).
 */
export function MeetingDetailsHead({
  meeting,
  side,
  cancel,
}: {
  meeting: MeetingDetailsView;
  side: MeetingSide;
  cancel: PlainCancel | null;
}) {
  const when = meetingWhen(meeting);
  return (
    <>
      <p>
        <a className="link" href={side === 'teacher' ? ROUTES.meetingsTeacher : ROUTES.meetingsCompany}>
          Retour à mes créneaux
        </a>
      </p>
      <header className="flex flex-col gap-2">
        <h1>{meetingTitle(meeting, side)}</h1>
        <p className="text-lg">{when}</p>
      </header>
      <ConfirmationNotes meeting={meeting} side={side} />
      <Island
        name="CancelMeeting"
        component={CancelMeeting}
        props={{
          meetingId: meeting.id,
          side,
          status: meeting.status,
          canCancel: meeting.canCancel,
          when,
          company: { name: meeting.company.name, phone: meeting.company.phone },
          cancelledBy: meeting.cancelledBy,
          cancelReason: meeting.cancelReason,
          calendarUrl: meeting.calendarUrl,
          plain: cancel ?? undefined,
          keep: cancel?.keep ?? null,
        }}
      />
    </>
  );
}
