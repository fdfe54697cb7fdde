import { useEffect, useRef } from 'react';
import type { MeetingType, SlotState } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../ui/Field.tsx';
import { CalendarLink, MeetingPlace } from './MeetingDetailsParts.tsx';
import { participantsLabel } from './MeetingParts.tsx';

/** A group the booking can be filed in. */
export interface BookingGroup {
  id: number;
  name: string;
  /** The group already has a meeting then, elsewhere or at the same time (common/classes.ts): the warning. */
  clash: string | null;
}

/** A slot's seats as the server says them (its view, or the booking's write): what its card shows. */
export interface SlotSeats {
  seatsLeft: number;
  state: SlotState;
}

/** What bookSlot answers: only what the card does not already know. */
export interface BookedMeeting {
  id: string;
  participantsCount: number;
  /** Where it happens (common/meetings.ts meetingPlace, the one text of every page and e-mail). */
  place: string | null;
  /** A webinar's external link; null otherwise. */
  videoLink: string | null;
  /** The slot's seats as the booking's write left them. */
  slotSeats: SlotSeats;
}

/** What the confirmation takes from the card: the company, the slot's date and hours as the page wrote them. */
export interface BookedSlot {
  companyName: string;
  date: string;
  hours: string;
  meetingType: MeetingType;
}

/**
 * The group the booking is filed in (docs/decisions/0045): a native select of the teacher's groups of the
 * slot's school year, none by default; without any group, a short way to create one.
 */
export function GroupChoice({
  groups,
  value,
  error,
  onChange,
}: {
  groups: BookingGroup[];
  value: string;
  error: string | undefined;
  onChange: (groupId: string) => void;
}) {
  const ids = useFieldIds();
  if (groups.length === 0) {
    return (
      <p className="text-sm">
        Classez vos rencontres par groupe pour suivre leurs heures :{' '}
        <a className="link font-semibold" href={`${ROUTES.myGroups}#nouveau-groupe`}>
          créer un groupe
        </a>
        .
      </p>
    );
  }
  const hint = 'Facultatif : la rencontre comptera dans le bilan de ce groupe.';
  // A warning, not a refusal: the teacher knows whether the class can be in both places.
  const chosen = groups.find((group) => String(group.id) === value);
  return (
    <Field ids={ids} label="Groupe" hint={hint} error={error}>
      <select
        id={ids.controlId}
        name="groupId"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        {...describedControlProps(ids, { error, hint })}
        className={controlClassName(Boolean(error))}
      >
        <option value="">Aucun groupe</option>
        {groups.map((group) => (
          <option key={group.id} value={group.id}>
            {group.clash ? `${group.name} (déjà en rencontre à ce moment-là)` : group.name}
          </option>
        ))}
      </select>
      {chosen?.clash && (
        <p className="text-sm font-semibold text-orange-text" data-testid="class-clash">
          {chosen.clash}
        </p>
      )}
    </Field>
  );
}

/** The booking is made: what, when, where, and the way to the calendar and to the meeting's details. */
export function BookingConfirmation({ meeting, slot }: { meeting: BookedMeeting; slot: BookedSlot }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // An intervention whose teacher has no establishment on file happens in the one they will name.
  const place =
    meeting.place ?? (slot.meetingType === 'ClassroomIntervention' ? 'Dans votre établissement' : null);
  return (
    <section
      aria-labelledby={`reservation-${meeting.id}`}
      className="flex flex-col gap-4 rounded-xl border-2 border-green-text bg-green-light p-4 sm:p-6"
    >
      <h4 id={`reservation-${meeting.id}`} ref={headingRef} tabIndex={-1} className="text-lg font-bold">
        Votre réservation est confirmée
      </h4>
      <dl className="grid gap-2">
        <div>
          <dt className="font-semibold">Entreprise</dt>
          <dd>{slot.companyName}</dd>
        </div>
        <div>
          <dt className="font-semibold">Date</dt>
          <dd>{slot.date}</dd>
        </div>
        <div>
          <dt className="font-semibold">Horaire</dt>
          <dd>{slot.hours}</dd>
        </div>
        <div>
          <dt className="font-semibold">Lieu</dt>
          <dd className="break-words">
            <MeetingPlace meeting={{ meetingType: slot.meetingType, place, videoLink: meeting.videoLink }} />
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Groupe</dt>
          <dd>{participantsLabel(meeting.participantsCount)}</dd>
        </div>
      </dl>
      <p>Un e-mail de confirmation vous a été envoyé, ainsi qu’à l’entreprise.</p>
      <ul className="flex flex-wrap gap-x-6 gap-y-2">
        <li>
          <CalendarLink href={ROUTES.meetingCalendar(meeting.id)} />
        </li>
        <li>
          <a className="link font-semibold" href={`${ROUTES.meetingDetailsTeacher}?id=${meeting.id}`}>
            Voir le détail du rendez-vous
          </a>
        </li>
      </ul>
    </section>
  );
}
