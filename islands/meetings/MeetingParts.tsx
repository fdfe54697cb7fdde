import type { ReactNode } from 'react';
import { MEETING_TYPE_LABELS, type MeetingStatus, type MeetingType } from '../../common/constants.ts';
import { formatSlotDate, formatSlotHours, formatSlotStart, plural } from '../../common/format.ts';
import type { MeetingSide } from '../../common/meetings.ts';
import { MEETING_STATUS_LABELS } from '../../common/slots.ts';
import { buttonClassName } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { cx } from '../ui/cx.ts';
import { TabLinks } from '../ui/TabLinks.tsx';

/**
 * The pieces the meeting screens share (lists, home pages, a meeting's title and confirmations, the cancel
 * island); a meeting's details are in MeetingDetailsParts.tsx. They hold no state: the pages render them
 * on the server, and CancelMeeting shows the status badge in the browser too.
 */

export type { MeetingSide };

const STATUS_COLORS: Record<MeetingStatus, string> = {
  confirmed: 'bg-green-light text-green-text',
  inProgress: 'bg-blue-light text-blue',
  done: 'bg-grey text-grey-dark',
  reported: 'bg-yellow-light text-yellow-text',
  cancelled: 'bg-error-light text-error-text',
};

export function MeetingStatusBadge({ status }: { status: MeetingStatus }) {
  return (
    <span
      className={cx(
        'inline-flex shrink-0 items-center rounded-full px-3 py-1 text-sm font-semibold',
        STATUS_COLORS[status],
      )}
    >
      <span className="sr-only">Statut : </span>
      {MEETING_STATUS_LABELS[status]}
    </span>
  );
}

/** What a meeting card shows; the server's MeetingView has all of it. */
/** What a meeting's card offers beyond its link, given by its page. */
type MeetingActions = (meeting: MeetingSummary) => ReactNode;

export interface MeetingSummary {
  id: number;
  status: MeetingStatus;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  meetingType: MeetingType;
  participantsCount: number;
  company: { name: string; phone?: string | null };
  teacher: { firstName: string; lastName: string };
  establishment: { name: string } | null;
  detailsUrl: string;
  /** A postponed meeting's answers on its card (the teacher's): whether it may be cancelled, and its .ics. */
  canCancel?: boolean;
  calendarUrl?: string;
  /** A postponed meeting: the times it was booked for (ISO), old → new; null otherwise. */
  previousStartsAt?: string | null;
  previousEndsAt?: string | null;
  /** The company said the group did not come. */
  absent?: boolean;
  /** Its teacher is asked for their opinion: the card offers the questionnaire. */
  feedbackDue?: boolean;
  feedbackUrl?: string;
  /** Each side's « Je confirme » from a reminder (ISO), null until given. */
  teacherConfirmedAt?: string | null;
  companyConfirmedAt?: string | null;
}

/**
 * What each side said from a reminder's « Je confirme » (docs/decisions/0040), for one side's eyes:
 * "Présence confirmée par l’enseignant le …", and the viewer's own confirmation.
 */
function confirmationLines(
  meeting: Pick<MeetingSummary, 'status' | 'timeZone' | 'teacherConfirmedAt' | 'companyConfirmedAt'>,
  side: MeetingSide,
): string[] {
  if (meeting.status === 'cancelled') return [];
  const when = (instant: string) => formatSlotStart(instant, meeting.timeZone);
  const own = side === 'teacher' ? meeting.teacherConfirmedAt : meeting.companyConfirmedAt;
  const other = side === 'teacher' ? meeting.companyConfirmedAt : meeting.teacherConfirmedAt;
  return [
    ...(other
      ? [`Présence confirmée par ${side === 'teacher' ? 'l’entreprise' : 'l’enseignant'} le ${when(other)}`]
      : []),
    ...(own ? [`Vous avez confirmé votre présence le ${when(own)}`] : []),
  ];
}

/** "Visite — Forges du Gier" for the teacher, "Visite — Claire Martin" for the company. */
export function meetingTitle(
  meeting: Pick<MeetingSummary, 'meetingType' | 'company' | 'teacher'>,
  side: MeetingSide,
) {
  const other =
    side === 'teacher' ? meeting.company.name : `${meeting.teacher.firstName} ${meeting.teacher.lastName}`;
  return `${MEETING_TYPE_LABELS[meeting.meetingType]} — ${other}`;
}

/** The confirmations of a meeting's details page, when there are some. */
export function ConfirmationNotes({
  meeting,
  side,
}: {
  meeting: Parameters<typeof confirmationLines>[0];
  side: MeetingSide;
}) {
  const lines = confirmationLines(meeting, side);
  if (lines.length === 0) return null;
  return (
    <ul className="flex flex-col gap-1 rounded-lg border-2 border-green-text bg-green-light p-4 font-medium">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** One meeting in a list: when, what, with whom, how many, its status, and the way to its details. */
function MeetingCard({
  meeting,
  side,
  headingLevel = 2,
  actions,
}: {
  meeting: MeetingSummary;
  side: MeetingSide;
  headingLevel?: 2 | 3;
  actions?: MeetingActions;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `rendez-vous-${meeting.id}`;
  return (
    <Card as="article" aria-labelledby={headingId} className="flex h-full flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Heading id={headingId} className="text-lg font-bold">
          <a className="link" href={meeting.detailsUrl}>
            {meetingTitle(meeting, side)}
          </a>
        </Heading>
        <MeetingStatusBadge status={meeting.status} />
      </div>
      <p className="font-semibold">
        {formatSlotDate(meeting.startsAt, meeting.timeZone)}
        <br />
        {formatSlotHours(meeting.startsAt, meeting.endsAt, meeting.timeZone)}
      </p>
      <dl className="grid gap-1 text-sm">
        {side === 'company' && meeting.establishment && (
          <Fact term="Établissement">{meeting.establishment.name}</Fact>
        )}
        <Fact term="Participants">{participantsLabel(meeting.participantsCount)}</Fact>
        {confirmationLines(meeting, side).map((line) => (
          <Fact key={line} term="Confirmation">
            {line}
          </Fact>
        ))}
        {meeting.absent && (
          <Fact term="Présence">
            {side === 'teacher' ? 'Absence signalée par l’entreprise' : 'Groupe absent'}
          </Fact>
        )}
      </dl>
      {actions?.(meeting)}
      {side === 'teacher' && meeting.feedbackDue && meeting.feedbackUrl && (
        <p className="mt-auto">
          <a className={buttonClassName({ size: 'm' })} href={meeting.feedbackUrl}>
            Donner mon avis<span className="sr-only"> sur {meetingTitle(meeting, side)}</span>
          </a>
        </p>
      )}
    </Card>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold">{term} :</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function participantsLabel(count: number): string {
  return plural(count, 'participant');
}

/** A list of meeting cards, or what to do when there is none. */
export function MeetingList<M extends MeetingSummary>({
  meetings,
  side,
  empty,
  headingLevel,
  actions,
}: {
  meetings: M[];
  side: MeetingSide;
  empty: ReactNode;
  headingLevel?: 2 | 3;
  /** What a card offers to do beyond its link (a postponed meeting's answers), placed by the page. */
  actions?: (meeting: M) => ReactNode;
}) {
  if (meetings.length === 0) {
    return <div className="rounded-2xl border border-grey bg-white p-6">{empty}</div>;
  }
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {meetings.map((meeting) => (
        <li key={meeting.id}>
          <MeetingCard
            meeting={meeting}
            side={side}
            headingLevel={headingLevel}
            actions={actions as MeetingActions | undefined}
          />
        </li>
      ))}
    </ul>
  );
}

type MeetingPeriod = 'upcoming' | 'past';
/** The query value of the "Terminés" tab. */
const PAST_PERIOD_PARAM = 'termines';

export function periodOfSearch(value: string | undefined): MeetingPeriod {
  return value === PAST_PERIOD_PARAM ? 'past' : 'upcoming';
}

/** "À venir" and "Terminés": plain links, the current one marked. */
export function MeetingPeriodTabs({ basePath, period }: { basePath: string; period: MeetingPeriod }) {
  const tabs = [
    { period: 'upcoming', label: 'À venir', href: basePath },
    { period: 'past', label: 'Terminés', href: `${basePath}?periode=${PAST_PERIOD_PARAM}` },
  ] as const;
  return (
    <TabLinks
      label="Période des rendez-vous"
      tabs={tabs}
      current={tabs.find((tab) => tab.period === period)?.href ?? basePath}
      className="border-b border-grey pb-2"
    />
  );
}
