import type { ReactNode } from 'react';
import {
  MEETING_TYPE_LABELS,
  type MeetingType,
  PUBLIC_CATEGORY_LABELS,
  type PublicCategory,
} from '../../common/constants.ts';
import { formatDuration, formatPhone, formatSlotDate, formatSlotHours } from '../../common/format.ts';
import { type MeetingSide, preparationChecklist } from '../../common/meetings.ts';
import { ROUTES } from '../../common/routes.ts';
import { TextField } from '../ui/TextField.tsx';
import { participantsLabel } from './MeetingParts.tsx';

/**
 * The pieces of a meeting's details (its pages, the booking's confirmation, the cancel island, the links
 * that act without a login): facts, place, contacts, what to prepare. They hold no state.
 */

/** What a meeting's details need for its facts; MeetingView has all of it. */
interface MeetingFactsSource {
  startsAt: string;
  endsAt: string;
  timeZone: string;
  durationMinutes: number;
  meetingType: MeetingType;
  participantsCount: number;
  publicCategory: PublicCategory;
  place: string | null;
  videoLink: string | null;
}

/** When, how long, what kind, where, how many: the meeting's facts. */
export function MeetingFacts({ meeting }: { meeting: MeetingFactsSource }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      <Block term="Date">{formatSlotDate(meeting.startsAt, meeting.timeZone)}</Block>
      <Block term="Horaire">{formatSlotHours(meeting.startsAt, meeting.endsAt, meeting.timeZone)}</Block>
      <Block term="Durée">{formatDuration(meeting.durationMinutes)}</Block>
      <Block term="Type de rencontre">{MEETING_TYPE_LABELS[meeting.meetingType]}</Block>
      <Block term="Lieu">
        <MeetingPlace meeting={meeting} />
      </Block>
      <Block term="Groupe">
        {participantsLabel(meeting.participantsCount)}, adultes accompagnateurs compris —{' '}
        {PUBLIC_CATEGORY_LABELS[meeting.publicCategory]}
      </Block>
    </dl>
  );
}

function Block({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-semibold">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** An address as text; a webinar's external link or the built-in room as a link. */
export function MeetingPlace({
  meeting,
}: {
  meeting: Pick<MeetingFactsSource, 'meetingType' | 'place' | 'videoLink'>;
}) {
  if (meeting.meetingType !== 'Webinar')
    return <>{meeting.place ?? 'Lieu à confirmer avec l’autre partie'}</>;
  if (meeting.videoLink) {
    return (
      <a className="link" href={meeting.videoLink} target="_blank" rel="noreferrer">
        Lien de la visioconférence (site externe, nouvelle fenêtre)
      </a>
    );
  }
  // Without the built-in room and without the company's link, the place is a sentence, not a room (issue 21).
  // The built-in room comes with its test, to run before the day (issue 38).
  return meeting.place && /^(\/|https?:)/.test(meeting.place) ? (
    <span className="flex flex-wrap gap-x-4 gap-y-1">
      <a className="link" href={meeting.place}>
        Salle de visioconférence Passerelle Industrie
      </a>
      <a className="link" href={ROUTES.connectionTest}>
        Tester ma connexion avant le jour
      </a>
    </span>
  ) : (
    (meeting.place ?? 'Visioconférence')
  );
}

/** "Ajouter à mon agenda": the meeting's .ics, which the browser hands to the calendar app. */
export function CalendarLink({ href }: { href: string }) {
  return (
    <a className="link font-semibold" href={href} download>
      Ajouter à mon agenda
    </a>
  );
}

/** One titled block of a meeting's details page. */
export function DetailsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-2xl bg-white p-6">
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** Terms and their values; empty values are left out. */
export function FactList({ facts }: { facts: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {facts
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([term, value]) => (
          <Block key={term} term={term}>
            {value}
          </Block>
        ))}
    </dl>
  );
}

/** A phone number as 04 78 00 00 00, and as a tel: link. */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a className="link font-semibold whitespace-nowrap" href={`tel:${phone}`}>
      {formatPhone(phone)}
    </a>
  );
}

export function EmailLink({ email }: { email: string }) {
  return (
    <a className="link break-all" href={`mailto:${email}`}>
      {email}
    </a>
  );
}

/** Who comes for the company: name, role and how to reach them. */
export function SpeakerFacts({
  speaker,
}: {
  speaker: { name: string; firstname: string; email: string; phone: string; role: string };
}) {
  return (
    <FactList
      facts={[
        ['Nom', `${speaker.firstname} ${speaker.name}`],
        ['Fonction', speaker.role],
        ['Adresse e-mail', <EmailLink key="email" email={speaker.email} />],
        ['Téléphone', <PhoneLink key="phone" phone={speaker.phone} />],
      ]}
    />
  );
}

/** What to get ready, by meeting type, for one side. */
export function PreparationChecklist({ meetingType, side }: { meetingType: MeetingType; side: MeetingSide }) {
  return (
    <ul className="flex flex-col gap-2">
      {preparationChecklist(meetingType, side).map((item) => (
        <li key={item} className="flex gap-3">
          <svg aria-hidden="true" viewBox="0 0 16 16" className="mt-1 size-4 shrink-0 text-green-text">
            <path
              d="M3 8.5l3 3 7-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

/** The adult who comes with the group, as the teacher gave them. */
export function AccompanyingAdult({ name, phone }: { name: string | null; phone: string | null }) {
  if (!name && !phone) return <>Non renseigné</>;
  return (
    <>
      {name}
      {name && phone && ', '}
      {phone && <PhoneLink phone={phone} />}
    </>
  );
}

/** A text field's props as the booking's forms give them: its name, its value, its error, its change. */
interface BookingTextProps {
  name: string;
  value: string;
  error?: string | undefined;
  onChange(event: { currentTarget: { value: string } }): void;
}

/** The accompanying adult's name and phone: the booking form's, and its change's. */
export function AccompanyingAdultFields({
  name,
  phone,
}: {
  name: BookingTextProps;
  phone: BookingTextProps;
}) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 font-semibold">Adulte accompagnateur</legend>
      <TextField label="Nom de l’adulte accompagnateur" autoComplete="off" {...name} />
      <TextField
        label="Téléphone de l’adulte accompagnateur"
        type="tel"
        autoComplete="off"
        hint="Format 0XXXXXXXXX"
        {...phone}
      />
    </fieldset>
  );
}
