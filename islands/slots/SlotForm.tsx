import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ACCOUNT_MESSAGES, fieldErrors } from '../../common/accounts.ts';
import {
  DEFAULT_PARTICIPANTS_PLACEHOLDER,
  MEETING_TYPE_LABELS,
  type MeetingType,
  PUBLIC_CATEGORIES,
  PUBLIC_CATEGORY_LABELS,
  type PublicCategory,
  SLOT_SUBJECT_LABELS,
  SLOT_SUBJECTS,
  type SlotSubject,
} from '../../common/constants.ts';
import { plural } from '../../common/format.ts';
import { calendarNoticesOf } from '../../common/holidays.ts';
import { ROUTES } from '../../common/routes.ts';
import { editNeedsConfirmation, type SlotEditPreview } from '../../common/slot-consequences.ts';
import { SLOT_CAPACITY_MAX, SLOT_MESSAGES, type SlotInput, slotInputSchema } from '../../common/slots.ts';
import { TEXT_MAX, TEXT_MESSAGES } from '../../common/text.ts';
import { AddressField } from '../AddressField.tsx';
import { FormAlert, hasFieldErrors } from '../accounts/FormAlert.tsx';
import { TextArea } from '../accounts/profile/ProfileBlock.tsx';
import type { AddressValue, TypedAddress } from '../address-post.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { CheckboxField, ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { NumberField } from '../ui/NumberField.tsx';
import { TextField } from '../ui/TextField.tsx';
import {
  BookedNotice,
  EditPreview,
  NoVideoRoomNotice,
  SpeakerSection,
  type SpeakerValues,
  WhenSection,
} from './SlotFormParts.tsx';

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
  /** The company's team, offered as the speaker (issue 21); the fields can still be typed. */
  team?: SpeakerValues[];
  /** The company's department: the date is checked against its school holidays and public holidays. */
  departmentCode?: string | null;
  /** A plain post refused (the page's +data.ts): the messages under the fields and above the form. */
  errors?: Record<string, string>;
  alert?: string | null;
  /** A plain post of a booked slot's edit: what saving it would do, to confirm (issue 21). */
  preview?: SlotEditPreview | null;
  /** The visit's place as typed in a plain post, when the server could not settle it. */
  typedPlace?: TypedAddress | null;
}

/** The submit buttons' `intent`: see the consequences first (the default), or save after seeing them. */
export const SLOT_PREVIEW_INTENT = 'preview';
export const SLOT_CONFIRM_INTENT = 'confirm';

/** The form's values checked with the shared rules: the API's input, or the French message of each field. */
export function checkSlotValues(
  values: SlotFormValues,
  videoRoomAvailable: boolean,
): { input: SlotInput; errors: null } | { input: null; errors: Record<string, string> } {
  const parsed = slotInputSchema.safeParse({ ...values, place: values.otherPlace ? values.place : null });
  const placeMissing = values.meetingType === 'CompanyVisit' && values.otherPlace && !values.place;
  const linkMissing = webinarNeedsLink(values, videoRoomAvailable);
  if (parsed.success && !placeMissing && !linkMissing) return { input: parsed.data, errors: null };
  return {
    input: null,
    errors: {
      ...(parsed.success ? {} : fieldErrors(parsed.error)),
      ...(placeMissing ? { place: ACCOUNT_MESSAGES.addressFromSuggestions } : {}),
      ...(linkMissing ? { videoLink: SLOT_MESSAGES.webinarNeedsLink } : {}),
    },
  };
}

/** Where the browser goes once an edit is saved: « deplace » when its booked teachers were told of a move. */
export function savedPathOf(moved: boolean): string {
  return moved ? SLOT_MOVED_PATH : SLOT_SAVED_PATH;
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
const PREVIEW_UPDATE = `query SlotUpdatePreview($id: ID!, $input: SlotInput!) {
  slotUpdatePreview(id: $id, input: $input) { moved changes { label before after } }
}`;

/** Without the built-in room (LiveKit not configured), a webinar needs its external link (`webinar_needs_link`). */
export function webinarNeedsLink(
  values: Pick<SlotFormValues, 'meetingType' | 'videoLink'>,
  videoRoomAvailable: boolean,
): boolean {
  return values.meetingType === 'Webinar' && !videoRoomAvailable && !values.videoLink.trim();
}

/** The spec's order: Intervention, Visite, Webinaire. */
const MEETING_TYPE_ORDER: readonly MeetingType[] = ['ClassroomIntervention', 'CompanyVisit', 'Webinar'];

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
export function SlotForm({
  slot,
  initial,
  today,
  zoneName,
  videoRoomAvailable,
  departmentCode = null,
  team = [],
  errors: postedErrors = {},
  alert: postedAlert = null,
  preview: postedPreview = null,
  typedPlace = null,
}: SlotFormProps) {
  const [values, setValues] = useState<SlotFormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>(postedErrors);
  const [alert, setAlert] = useState<string | null>(postedAlert);
  const [preview, setPreview] = useState<SlotEditPreview | null>(postedPreview);
  const [pending, setPending] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const headingIds = { when: useId(), meeting: useId(), speaker: useId() };

  // After each failed attempt has rendered its errors.
  useEffect(() => {
    if (attempt > 0) focusFirstError(form.current);
  }, [attempt]);

  // A change after the preview makes it stale: the next save shows the consequences again.
  const set = (patch: Partial<SlotFormValues>) => {
    setPreview(null);
    setValues((current) => ({ ...current, ...patch }));
  };

  function fail(fields: Record<string, string>) {
    setErrors(fields);
    setAttempt((n) => n + 1);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setAlert(null);
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const confirmed = submitter?.value === SLOT_CONFIRM_INTENT;
    const checked = checkSlotValues(values, videoRoomAvailable);
    if (!checked.input) return fail(checked.errors);
    setErrors({});
    setPending(true);
    // What the server said the edit does (its preview, shown or not): whether the bookings are postponed.
    let plan = confirmed ? preview : null;
    try {
      if (slot && slot.bookingsCount > 0 && !confirmed) {
        const data = await gqlRequest<{ slotUpdatePreview: Omit<SlotEditPreview, 'bookingsCount'> }>(
          PREVIEW_UPDATE,
          { id: slot.id, input: checked.input },
          'SlotUpdatePreview',
        );
        const next = { ...data.slotUpdatePreview, bookingsCount: slot.bookingsCount };
        plan = next;
        if (editNeedsConfirmation(next)) {
          setPending(false);
          setPreview(next);
          return;
        }
      }
      if (slot) await gqlRequest(UPDATE_SLOT, { id: slot.id, input: checked.input }, 'UpdateSlot');
      else await gqlRequest(CREATE_SLOT, { input: checked.input }, 'CreateSlot');
      window.location.assign(savedPathOf(plan?.moved ?? false));
    } catch (error) {
      setPending(false);
      setPreview(null);
      if (
        error instanceof GraphQLRequestError &&
        (error.code === 'BAD_USER_INPUT' || error.code === 'webinar_needs_link') &&
        hasFieldErrors(error)
      ) {
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
        Les champs marqués d’un astérisque (<span aria-hidden="true">*</span>
        <span className="sr-only">astérisque</span>) sont obligatoires.
      </p>
      {booked && slot && <BookedNotice seatsTaken={slot.seatsTaken} bookingsCount={slot.bookingsCount} />}
      <FormAlert message={alert} />

      <WhenSection
        headingId={headingIds.when}
        when={values}
        errors={errors}
        today={today}
        zoneName={zoneName}
        onChange={set}
        notices={
          /^\d{4}-\d{2}-\d{2}$/.test(values.date) ? calendarNoticesOf(values.date, departmentCode) : []
        }
      />

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
              label="La visite a lieu à une autre adresse que celle de l’entreprise"
              onChange={(otherPlace) => set({ otherPlace })}
            />
            {values.otherPlace && (
              <AddressField
                label="Adresse de la visite"
                name="place"
                required
                value={values.place}
                error={errors.place}
                typed={typedPlace}
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
              required={!videoRoomAvailable}
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
              ? `Adultes accompagnateurs compris. ${plural(slot.seatsTaken, 'place déjà réservée', 'places déjà réservées')} : la capacité ne peut pas être inférieure.`
              : 'Adultes accompagnateurs compris.'
          }
          value={values.maxParticipants}
          error={errors.maxParticipants}
          onChange={(event) => set({ maxParticipants: event.currentTarget.value })}
          inputClassName="sm:max-w-48"
        />
        <TextArea
          label="Description pour les participants"
          name="description"
          hint={`Le déroulé, ce que les élèves verront, ce qu’il faut prévoir. ${TEXT_MESSAGES.tooLong(TEXT_MAX.slotDescription)}.`}
          value={values.description}
          error={errors.description}
          onChange={(description) => set({ description })}
        />
      </section>

      <SpeakerSection
        headingId={headingIds.speaker}
        speaker={values.speaker}
        team={team}
        errors={errors}
        onChange={(patch) => {
          setPreview(null);
          setValues((current) => ({ ...current, speaker: { ...current.speaker, ...patch } }));
        }}
      />

      {preview ? (
        <EditPreview preview={preview} pending={pending} />
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" name="intent" value={SLOT_PREVIEW_INTENT} loading={pending}>
            {slot ? 'Enregistrer les modifications' : 'Publier le créneau'}
          </Button>
          <Button href={ROUTES.mySlots} variant="outline" color="black">
            Annuler
          </Button>
        </div>
      )}
    </form>
  );
}
