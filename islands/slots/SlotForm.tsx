import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ACCOUNT_MESSAGES, fieldErrors } from '../../common/accounts.ts';
import {
  DEFAULT_PARTICIPANTS_PLACEHOLDER,
  MEETING_TYPE_LABELS,
  type MeetingType,
  PUBLIC_CATEGORIES,
  PUBLIC_CATEGORY_LABELS,
  type PublicCategory,
  SLOT_DURATIONS_MINUTES,
  SLOT_SUBJECT_LABELS,
  SLOT_SUBJECTS,
  type SlotSubject,
} from '../../common/constants.ts';
import { formatDuration } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import { SLOT_CAPACITY_MAX, SLOT_MESSAGES, SLOT_TIMES, slotInputSchema } from '../../common/slots.ts';
import { AddressField, type AddressValue } from '../AddressField.tsx';
import { FormAlert, hasFieldErrors } from '../accounts/FormAlert.tsx';
import { TextArea } from '../accounts/profile/ProfileBlock.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { CheckboxField, ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { Listbox } from '../ui/Listbox.tsx';
import { NumberField } from '../ui/NumberField.tsx';
import { TextField } from '../ui/TextField.tsx';

export interface SpeakerValues {
  name: string;
  firstname: string;
  email: string;
  phone: string;
  role: string;
}

/** What the form holds: what was typed, as typed (the shared schema turns it into the API's input). */
export interface SlotFormValues {
  date: string;
  time: string;
  durationMinutes: string;
  meetingType: MeetingType | '';
  publicCategories: PublicCategory[];
  subjects: SlotSubject[];
  maxParticipants: string;
  speaker: SpeakerValues;
  description: string;
  videoLink: string;
  /** A visit elsewhere than at the company's address, and that address. */
  otherPlace: boolean;
  place: AddressValue | null;
}

export interface SlotFormProps {
  /** The slot being edited, with what its bookings hold; null for a new slot. */
  slot: { id: number; seatsTaken: number; bookingsCount: number } | null;
  initial: SlotFormValues;
  /** The company's day in its zone (YYYY-MM-DD): the earliest date the picker offers. */
  today: string;
  /** "heure de La Réunion" when the company's zone is not mainland France's; null otherwise. */
  zoneName: string | null;
  /** Whether the platform has its video room (LiveKit configured): without it, a webinar needs a link. */
  videoRoomAvailable: boolean;
}

export const EMPTY_SLOT_VALUES: SlotFormValues = {
  date: '',
  time: '',
  durationMinutes: '',
  meetingType: '',
  publicCategories: [],
  subjects: [],
  maxParticipants: '',
  speaker: { name: '', firstname: '', email: '', phone: '', role: '' },
  description: '',
  videoLink: '',
  otherPlace: false,
  place: null,
};

/** Where the browser goes once the slot is saved: the list says so ("deplace" when teachers were told). */
export const SLOT_SAVED_PATH = `${ROUTES.mySlots}?enregistre=1`;
export const SLOT_MOVED_PATH = `${ROUTES.mySlots}?enregistre=deplace`;

const CREATE_SLOT = 'mutation CreateSlot($input: SlotInput!) { createSlot(input: $input) { id } }';
const UPDATE_SLOT =
  'mutation UpdateSlot($id: ID!, $input: SlotInput!) { updateSlot(id: $id, input: $input) { id } }';

/** The spec's order: Intervention, Visite, Webinaire. */
const MEETING_TYPE_ORDER: readonly MeetingType[] = ['ClassroomIntervention', 'CompanyVisit', 'Webinar'];

/** The speaker is not necessarily the person typing: no autocomplete from the user's own details. */
const SPEAKER_FIELDS: readonly {
  name: keyof SpeakerValues;
  label: string;
  type?: 'email' | 'tel';
  hint?: string;
}[] = [
  { name: 'name', label: 'Nom' },
  { name: 'firstname', label: 'Prénom' },
  { name: 'email', label: 'Adresse email', type: 'email' },
  { name: 'phone', label: 'Téléphone', type: 'tel', hint: 'Format 0XXXXXXXXX' },
  { name: 'role', label: 'Fonction' },
];

/** The first field in error takes the focus, so that keyboard and screen-reader users land on it. */
function focusFirstError(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return;
  const target = invalid.matches('fieldset') ? invalid.querySelector<HTMLElement>('input') : invalid;
  target?.focus();
}

/**
 * Publishes or edits a slot (spec, sections 2, 3 and 5; PRODUCT.md, Slots). Checked with the shared rule
 * before sending; the API's field errors go under their fields, any other failure above the form, and
 * what was typed stays. Date and time are the company's wall-clock, in its zone.
 */
export function SlotForm({ slot, initial, today, zoneName, videoRoomAvailable }: SlotFormProps) {
  const [values, setValues] = useState<SlotFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const headingIds = { when: useId(), meeting: useId(), speaker: useId() };

  // After each failed attempt has rendered its errors.
  useEffect(() => {
    if (attempt > 0) focusFirstError(form.current);
  }, [attempt]);

  const set = (patch: Partial<SlotFormValues>) => setValues((current) => ({ ...current, ...patch }));
  const setSpeaker = (patch: Partial<SpeakerValues>) =>
    setValues((current) => ({ ...current, speaker: { ...current.speaker, ...patch } }));

  function fail(fields: Record<string, string>) {
    setErrors(fields);
    setAttempt((n) => n + 1);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const parsed = slotInputSchema.safeParse({ ...values, place: values.otherPlace ? values.place : null });
    const placeMissing = values.meetingType === 'CompanyVisit' && values.otherPlace && !values.place;
    if (!parsed.success || placeMissing) {
      return fail({
        ...(parsed.success ? {} : fieldErrors(parsed.error)),
        ...(placeMissing ? { place: ACCOUNT_MESSAGES.addressFromSuggestions } : {}),
      });
    }
    setErrors({});
    setPending(true);
    try {
      if (slot) await gqlRequest(UPDATE_SLOT, { id: slot.id, input: parsed.data }, 'UpdateSlot');
      else await gqlRequest(CREATE_SLOT, { input: parsed.data }, 'CreateSlot');
      const moved =
        slot !== null &&
        slot.bookingsCount > 0 &&
        (values.date !== initial.date ||
          values.time !== initial.time ||
          values.durationMinutes !== initial.durationMinutes);
      window.location.assign(moved ? SLOT_MOVED_PATH : SLOT_SAVED_PATH);
    } catch (error) {
      setPending(false);
      if (error instanceof GraphQLRequestError && error.code === 'BAD_USER_INPUT' && hasFieldErrors(error)) {
        return fail(error.fields);
      }
      setAlert(SLOT_MESSAGES.notSaved);
    }
  }

  const booked = slot !== null && slot.bookingsCount > 0;

  return (
    <form
      ref={form}
      method="post"
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-6"
      aria-label={slot ? 'Modifier le créneau' : 'Nouveau créneau'}
    >
      <p className="text-sm text-grey-text">
        Les champs marqués d'un astérisque (<span aria-hidden="true">*</span>
        <span className="sr-only">astérisque</span>) sont obligatoires.
      </p>
      {booked && slot && <BookedNotice seatsTaken={slot.seatsTaken} bookingsCount={slot.bookingsCount} />}
      <FormAlert message={alert} />

      <section aria-labelledby={headingIds.when} className="flex flex-col gap-5 rounded-xl bg-white p-6">
        <h2 id={headingIds.when}>Date et horaire</h2>
        {zoneName && <p className="text-sm text-grey-text">La date et l'heure sont à l'{zoneName}.</p>}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Date"
            type="date"
            name="date"
            required
            min={today}
            value={values.date}
            error={errors.date}
            onChange={(event) => set({ date: event.currentTarget.value })}
          />
          <Listbox
            label="Heure de début"
            name="time"
            required
            placeholder="Choisir une heure"
            options={SLOT_TIMES.map((time) => ({ value: time, label: time }))}
            value={values.time}
            error={errors.time}
            onChange={(time) => set({ time })}
          />
        </div>
        <ChoiceGroup
          legend="Durée"
          name="durationMinutes"
          required
          options={SLOT_DURATIONS_MINUTES.map((minutes) => ({
            value: String(minutes),
            label: formatDuration(minutes),
          }))}
          value={values.durationMinutes || null}
          error={errors.durationMinutes}
          onChange={(durationMinutes) => set({ durationMinutes })}
        />
      </section>

      <section aria-labelledby={headingIds.meeting} className="flex flex-col gap-5 rounded-xl bg-white p-6">
        <h2 id={headingIds.meeting}>La rencontre</h2>
        <ChoiceGroup
          legend="Type de rencontre"
          name="meetingType"
          required
          options={MEETING_TYPE_ORDER.map((type) => ({ value: type, label: MEETING_TYPE_LABELS[type] }))}
          value={values.meetingType || null}
          error={errors.meetingType}
          onChange={(meetingType) => set({ meetingType })}
        />
        {values.meetingType === 'CompanyVisit' && (
          <>
            <CheckboxField
              name="otherPlace"
              checked={values.otherPlace}
              label="La visite a lieu à une autre adresse que celle de l'entreprise"
              onChange={(otherPlace) => set({ otherPlace })}
            />
            {values.otherPlace && (
              <AddressField
                label="Adresse de la visite"
                name="place"
                required
                value={values.place}
                error={errors.place}
                onChange={(place) => set({ place })}
              />
            )}
          </>
        )}
        {values.meetingType === 'Webinar' && (
          <>
            {!videoRoomAvailable && !values.videoLink.trim() && <NoVideoRoomNotice />}
            <TextField
              label="Lien de visioconférence externe"
              name="videoLink"
              inputMode="url"
              autoComplete="url"
              hint={
                videoRoomAvailable
                  ? 'Facultatif. Sans lien, le webinaire a lieu dans la salle de visioconférence de Passerelle Industrie. Une adresse commençant par https://'
                  : 'Le lien de la visioconférence que vous organisez (Visio, Teams, Zoom…), envoyé aux classes inscrites. Une adresse commençant par https://'
              }
              value={values.videoLink}
              error={errors.videoLink}
              onChange={(event) => set({ videoLink: event.currentTarget.value })}
            />
          </>
        )}
        <ChoiceGroup<PublicCategory>
          legend="Public"
          name="publicCategories"
          multiple
          required
          options={PUBLIC_CATEGORIES.map((category) => ({
            value: category,
            label: PUBLIC_CATEGORY_LABELS[category],
          }))}
          value={values.publicCategories}
          error={errors.publicCategories}
          onChange={(publicCategories) => set({ publicCategories })}
        />
        <ChoiceGroup<SlotSubject>
          legend="Thèmes abordés"
          name="subjects"
          multiple
          options={SLOT_SUBJECTS.map((subject) => ({ value: subject, label: SLOT_SUBJECT_LABELS[subject] }))}
          value={values.subjects}
          error={errors.subjects}
          onChange={(subjects) => set({ subjects })}
        />
        <NumberField
          label="Nombre de participants"
          name="maxParticipants"
          required
          min={1}
          max={SLOT_CAPACITY_MAX}
          placeholder={String(DEFAULT_PARTICIPANTS_PLACEHOLDER)}
          hint={
            booked && slot
              ? `Adultes accompagnateurs compris. ${seatsLabel(slot.seatsTaken)} déjà réservée${slot.seatsTaken > 1 ? 's' : ''} : la capacité ne peut pas être inférieure.`
              : 'Adultes accompagnateurs compris.'
          }
          value={values.maxParticipants}
          error={errors.maxParticipants}
          onChange={(event) => set({ maxParticipants: event.currentTarget.value })}
          inputClassName="sm:max-w-48"
        />
        <TextArea
          label="Description pour les participants"
          hint="Le déroulé, ce que les élèves verront, ce qu'il faut prévoir. 2000 caractères au maximum."
          value={values.description}
          error={errors.description}
          onChange={(description) => set({ description })}
        />
      </section>

      <section aria-labelledby={headingIds.speaker} className="flex flex-col gap-5 rounded-xl bg-white p-6">
        <h2 id={headingIds.speaker}>Intervenant ou intervenante</h2>
        <p className="text-sm text-grey-text">
          La personne qui accueille le groupe : les enseignants reçoivent ses coordonnées avec la réservation.
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          {SPEAKER_FIELDS.map((field) => (
            <TextField
              key={field.name}
              label={field.label}
              name={`speaker.${field.name}`}
              type={field.type}
              hint={field.hint}
              required
              value={values.speaker[field.name]}
              error={errors[`speaker.${field.name}`]}
              onChange={(event) =>
                setSpeaker({ [field.name]: event.currentTarget.value } as Partial<SpeakerValues>)
              }
            />
          ))}
        </div>
      </section>

      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" loading={pending}>
          {slot ? 'Enregistrer les modifications' : 'Publier le créneau'}
        </Button>
        <Button href={ROUTES.mySlots} variant="outline" color="black">
          Annuler
        </Button>
      </div>
    </form>
  );
}

function seatsLabel(seats: number): string {
  return seats > 1 ? `${seats} places` : '1 place';
}

/**
 * A webinar without a link on a platform without its video room (no LiveKit configured): its room would
 * say "unavailable" to every class, so the form says so before publishing and asks for a link.
 */
function NoVideoRoomNotice() {
  return (
    <div className="rounded-lg border-2 border-warning bg-yellow-light p-4">
      <p className="font-semibold">
        La salle de visioconférence de Passerelle Industrie n'est pas disponible.
      </p>
      <p>
        Sans lien externe, les classes ne pourront pas rejoindre ce webinaire. Indiquez ci-dessous le lien de
        la visioconférence que vous organisez avec votre propre outil.
      </p>
    </div>
  );
}

/** Before a booked slot is changed: what moving it does to the bookings (PRODUCT.md, Slots). */
function BookedNotice({ seatsTaken, bookingsCount }: { seatsTaken: number; bookingsCount: number }) {
  const several = bookingsCount > 1;
  return (
    <div className="rounded-lg border-2 border-warning bg-yellow-light p-4">
      <p className="font-semibold">
        Ce créneau est réservé : {several ? `${bookingsCount} enseignants ont` : 'un enseignant a'} réservé{' '}
        {seatsLabel(seatsTaken)}.
      </p>
      <p>
        {several
          ? "Si vous changez la date, l'heure ou la durée, leurs rendez-vous seront reportés et ils seront prévenus par e-mail : chacun pourra garder sa place ou annuler."
          : "Si vous changez la date, l'heure ou la durée, son rendez-vous sera reporté et il sera prévenu par e-mail : il pourra garder sa place ou annuler."}
      </p>
    </div>
  );
}
