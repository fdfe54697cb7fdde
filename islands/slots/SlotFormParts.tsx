import { useEffect, useRef } from 'react';
import { SLOT_DURATIONS_MINUTES } from '../../common/constants.ts';
import { formatDuration, plural } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import { type SlotEditPreview, slotEditConsequences } from '../../common/slot-consequences.ts';
import { SLOT_TIMES } from '../../common/slots.ts';
import { Button } from '../ui/Button.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../ui/Field.tsx';
import { Listbox } from '../ui/Listbox.tsx';
import { TextField } from '../ui/TextField.tsx';

/** Sections and notices of the slot form, which holds their values. */

export interface SpeakerValues {
  name: string;
  firstname: string;
  email: string;
  phone: string;
  role: string;
}

/** The speaker is not necessarily the person typing: no autocomplete from the user's own details. */
const SPEAKER_FIELDS: readonly {
  name: keyof SpeakerValues;
  label: string;
  type?: 'email' | 'tel';
  hint?: string;
}[] = [
  { name: 'name', label: 'Nom' },
  { name: 'firstname', label: 'Prénom' },
  { name: 'email', label: 'Adresse e-mail', type: 'email' },
  { name: 'phone', label: 'Téléphone', type: 'tel', hint: 'Format 0XXXXXXXXX' },
  { name: 'role', label: 'Fonction' },
];

interface WhenValues {
  date: string;
  time: string;
  durationMinutes: string;
}

/** Date, start and duration, on the company's wall-clock in its zone. */
export function WhenSection({
  headingId,
  when,
  errors,
  today,
  zoneName,
  onChange,
  notices = [],
}: {
  headingId: string;
  when: WhenValues;
  errors: Record<string, string>;
  today: string;
  zoneName: string | null;
  onChange(patch: Partial<WhenValues>): void;
  /** What the date falls on (school holidays of the company's zone, a public holiday): a word, not a refusal. */
  notices?: string[];
}) {
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5 rounded-xl bg-white p-6">
      <h2 id={headingId}>Date et horaire</h2>
      {zoneName && <p className="text-sm text-grey-text">La date et l’heure sont à l’{zoneName}.</p>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Date"
          type="date"
          name="date"
          required
          min={today}
          value={when.date}
          error={errors.date}
          onChange={(event) => onChange({ date: event.currentTarget.value })}
        />
        <Listbox
          label="Heure de début"
          name="time"
          required
          placeholder="Choisir une heure"
          options={SLOT_TIMES.map((time) => ({ value: time, label: time }))}
          value={when.time}
          error={errors.time}
          onChange={(time) => onChange({ time })}
        />
      </div>
      <div aria-live="polite" data-testid="date-notices">
        {notices.length > 0 && (
          <ul className="flex flex-col gap-1 rounded-lg border-l-4 border-yellow bg-yellow-light p-3 text-sm">
            {notices.map((notice) => (
              <li key={notice}>{notice}</li>
            ))}
          </ul>
        )}
      </div>
      <ChoiceGroup
        legend="Durée"
        name="durationMinutes"
        required
        options={SLOT_DURATIONS_MINUTES.map((minutes) => ({
          value: String(minutes),
          label: formatDuration(minutes),
        }))}
        value={when.durationMinutes || null}
        error={errors.durationMinutes}
        onChange={(durationMinutes) => onChange({ durationMinutes })}
      />
    </section>
  );
}

/** Who hosts the group: the teachers who book get these details. */
export function SpeakerSection({
  headingId,
  speaker,
  team,
  errors,
  onChange,
}: {
  headingId: string;
  speaker: SpeakerValues;
  /** The company's team: picking a member fills the fields, which stay editable (issue 21). */
  team: SpeakerValues[];
  errors: Record<string, string>;
  onChange(patch: Partial<SpeakerValues>): void;
}) {
  const picker = useFieldIds();
  const picked = team.findIndex((member) => member.email === speaker.email);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-5 rounded-xl bg-white p-6">
      <h2 id={headingId}>Intervenant ou intervenante</h2>
      <p className="text-sm text-grey-text">
        La personne qui accueille le groupe : les enseignants reçoivent ses coordonnées avec la réservation.
      </p>
      {team.length > 0 && (
        <Field
          ids={picker}
          label="Choisir dans votre équipe"
          hint="Ou saisissez une autre personne ci-dessous."
        >
          <select
            id={picker.controlId}
            value={picked === -1 ? '' : String(picked)}
            onChange={(event) => {
              const member = team[Number(event.currentTarget.value)];
              if (member) onChange(member);
            }}
            {...describedControlProps(picker, { hint: 'Ou saisissez une autre personne ci-dessous.' })}
            className={controlClassName(false)}
          >
            <option value="">Une autre personne</option>
            {team.map((member, index) => (
              <option key={member.email} value={index}>
                {member.firstname} {member.name}
                {member.role ? ` — ${member.role}` : ''}
              </option>
            ))}
          </select>
        </Field>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {SPEAKER_FIELDS.map((field) => (
          <TextField
            key={field.name}
            label={field.label}
            name={`speaker.${field.name}`}
            type={field.type}
            hint={field.hint}
            required
            value={speaker[field.name]}
            error={errors[`speaker.${field.name}`]}
            onChange={(event) =>
              onChange({ [field.name]: event.currentTarget.value } as Partial<SpeakerValues>)
            }
          />
        ))}
      </div>
    </section>
  );
}

export function seatsLabel(seats: number): string {
  return plural(seats, 'place');
}

/**
 * A webinar without a link on a platform without its video room (no LiveKit configured): its room would
 * say "unavailable" to every class, so the form says so before publishing and asks for a link.
 */
export function NoVideoRoomNotice() {
  return (
    <div className="rounded-lg border-2 border-warning bg-yellow-light p-4">
      <p className="font-semibold">
        La salle de visioconférence de Passerelle Industrie n’est pas disponible.
      </p>
      <p>
        Sans lien externe, les classes ne pourront pas rejoindre ce webinaire. Indiquez ci-dessous le lien de
        la visioconférence que vous organisez avec votre propre outil.
      </p>
    </div>
  );
}

/** Before a booked slot is changed: what moving it does to the bookings (PRODUCT.md, Slots). */
export function BookedNotice({ seatsTaken, bookingsCount }: { seatsTaken: number; bookingsCount: number }) {
  const several = bookingsCount > 1;
  return (
    <div className="rounded-lg border-2 border-warning bg-yellow-light p-4">
      <p className="font-semibold">
        Ce créneau est réservé : {several ? `${bookingsCount} enseignants ont` : 'un enseignant a'} réservé{' '}
        {seatsLabel(seatsTaken)}.
      </p>
      <p>
        {several
          ? 'Si vous changez la date, l’heure ou la durée, leurs rendez-vous seront reportés et ils seront prévenus par e-mail : chacun pourra garder sa place ou annuler.'
          : 'Si vous changez la date, l’heure ou la durée, son rendez-vous sera reporté et il sera prévenu par e-mail : il pourra garder sa place ou annuler.'}
      </p>
    </div>
  );
}

/**
 * Before a booked slot's edit is saved: which bookings it affects and how, each change old → new (issue 21;
 * PRODUCT.md, « What a change tells whom »), then « Confirmer ». Shown by the page after a plain post and by
 * the island after asking the API: the same facts (server/slots previewSlotUpdate).
 */
export function EditPreview({ preview, pending }: { preview: SlotEditPreview; pending: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section
      aria-labelledby="slot-edit-preview"
      className="flex flex-col gap-4 rounded-xl border-2 border-warning bg-yellow-light p-4 sm:p-6"
      data-testid="slot-edit-preview"
    >
      <h2 id="slot-edit-preview" ref={headingRef} tabIndex={-1}>
        Avant d’enregistrer : ce que ce changement fait aux réservations
      </h2>
      {slotEditConsequences(preview).map((sentence) => (
        <p key={sentence} className="font-semibold">
          {sentence}
        </p>
      ))}
      <ul className="flex flex-col gap-2">
        {preview.changes.map((change) => (
          <li key={change.label} className="break-words">
            <span className="font-semibold">{change.label} :</span> {change.before}{' '}
            <span aria-hidden="true">→</span>
            <span className="sr-only"> devient</span> {change.after}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" name="intent" value="confirm" loading={pending}>
          Confirmer les modifications
        </Button>
        <Button
          type="submit"
          name="intent"
          value="preview"
          variant="outline"
          color="black"
          disabled={pending}
        >
          Revoir les conséquences
        </Button>
        <Button href={ROUTES.mySlots} variant="outline" color="black">
          Annuler
        </Button>
      </div>
    </section>
  );
}
