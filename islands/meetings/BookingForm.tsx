import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  type MeetingType,
  PUBLIC_CATEGORY_LABELS,
  type PublicCategory,
  type SlotState,
} from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { type BookingFormInput, bookingFormErrors, SLOT_MESSAGES } from '../../common/slots.ts';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { TextArea } from '../accounts/profile/ProfileBlock.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { AskPageForm } from '../ui/AskPageForm.tsx';
import { Button } from '../ui/Button.tsx';
import { CheckboxField, ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { NumberField } from '../ui/NumberField.tsx';
import {
  type BookedMeeting,
  BookingConfirmation,
  type BookingGroup,
  GroupChoice,
  type SlotSeats,
} from './BookingParts.tsx';

export type { BookedMeeting, BookingGroup, SlotSeats };

import { AccompanyingAdultFields } from './MeetingDetailsParts.tsx';

export interface BookingFormProps {
  slot: {
    id: number;
    seatsLeft: number;
    publicCategories: PublicCategory[];
    /** "mardi 24 novembre 2026" and "09:00 – 10:30", formatted by the page in the slot's zone. */
    date: string;
    hours: string;
    meetingType: MeetingType;
  };
  companyName: string;
  /** The teacher's groups of the slot's school year (« Mes classes »): the booking may be filed in one. */
  groups?: BookingGroup[];
  /** Told the slot's seats left and state whenever the server says them: after the booking, or when full. */
  onSlotChange?: (slot: SlotSeats) => void;
  /**
   * The page's URL for this slot (the company page), where the form posts before or without JavaScript
   * and where « Réserver ce créneau » asks for it open (pages/company-details/booking-post.ts).
   */
  pageUrl?: string;
  /** Asked open by the page (`?reserver=`), or a refused plain post: its values and messages. */
  plain?: { open: boolean; posted: PostedBooking | null };
}

/** The company page's booking form among its other forms. */
export const BOOKING_INTENT = 'bookSlot';
/** `?reserver=<slot>`: the slot whose form the page shows open. */
export const BOOKING_PARAM = 'reserver';

/** A booking posted as a plain form and refused: the values as sent, the messages. */
export interface PostedBooking {
  values: Record<string, string>;
  errors: Record<string, string>;
  alert: string | null;
}

/** What the company page knows of a plain booking: the slot whose form is open, and a refused post. */
export interface PlainBooking {
  slotId: number | null;
  posted: PostedBooking | null;
}

/**
 * Only what the card does not know (the company, the slot's date, hours and type are its props): each field is
 * a property of what the booking answers, its meeting's view and the seats its write left, so no resolver
 * runs after the mutation's own (docs/measures/booking-trace.md, issue 35).
 */
const BOOK_SLOT = `mutation BookSlot($input: BookingInput!) {
  bookSlot(input: $input) { id participantsCount place videoLink slotSeats { seatsLeft state } }
}`;

/**
 * The rules of conduct the teacher accepts before booking (spec, section 5). Their wording is not shown by
 * the spec: these are what companies and schools usually ask of each other.
 */
const CONDUCT_CHARTER = [
  'Respecter l’horaire convenu et prévenir l’entreprise en cas de retard ou d’empêchement.',
  'Encadrer le groupe pendant toute la rencontre, avec les adultes accompagnateurs annoncés.',
  'Faire respecter les consignes de sécurité et d’hygiène données par l’entreprise.',
  'Adopter une attitude respectueuse envers les personnes rencontrées.',
  'Ne pas photographier ni filmer sans l’accord de l’entreprise.',
  'Annuler au plus tôt sur la plateforme si la rencontre ne peut pas avoir lieu.',
];

interface Values {
  participantsCount: string;
  publicCategory: PublicCategory | null;
  message: string;
  accompanyingAdultName: string;
  accompanyingAdultPhone: string;
  acceptCharter: boolean;
  /** A group's id, or '' for none. */
  groupId: string;
}

/** The mutation's input: the group only when one is chosen. */
function bookingVariables(slotId: number, { groupId, ...input }: BookingFormInput) {
  return { slotId: String(slotId), ...input, ...(groupId ? { groupId: String(groupId) } : {}) };
}

function seatsLeftLabel(seatsLeft: number): string {
  if (seatsLeft <= 0) return 'Il ne reste plus de place sur ce créneau.';
  return `${SLOT_MESSAGES.participantsAboveSeatsLeft(seatsLeft)}, adultes accompagnateurs compris.`;
}

/** The form's first values: empty (the only public category chosen), or those of a refused plain post. */
function initialValues(categories: readonly PublicCategory[], posted: PostedBooking | null): Values {
  const sent = posted?.values ?? {};
  const category = sent.publicCategory as PublicCategory | undefined;
  return {
    participantsCount: sent.participantsCount ?? '',
    publicCategory:
      category && categories.includes(category)
        ? category
        : categories.length === 1
          ? (categories[0] ?? null)
          : null,
    message: sent.message ?? '',
    accompanyingAdultName: sent.accompanyingAdultName ?? '',
    accompanyingAdultPhone: sent.accompanyingAdultPhone ?? '',
    acceptCharter: sent.acceptCharter === 'on',
    groupId: sent.groupId ?? '',
  };
}

/**
 * A teacher books one slot (PRODUCT.md, Meetings): the form opens under the slot's card, is checked with
 * the shared rule, keeps every value on any error, and gives way to the confirmation once booked.
 */
export function BookingForm({
  slot,
  companyName,
  groups = [],
  onSlotChange,
  pageUrl,
  plain,
}: BookingFormProps) {
  const formId = useId();
  const posted = plain?.posted ?? null;
  const [open, setOpen] = useState(Boolean(plain?.open || posted));
  const [seatsLeft, setSeatsLeft] = useState(slot.seatsLeft);
  const [values, setValues] = useState<Values>(() => initialValues(slot.publicCategories, posted));
  const [errors, setErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  const [alert, setAlert] = useState<string | null>(posted?.alert ?? null);
  const [alreadyBooked, setAlreadyBooked] = useState(false);
  const [pending, setPending] = useState(false);
  const [booked, setBooked] = useState<BookedMeeting | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Bumped on every refused submit, so that focus goes to the first field to correct even if the errors are the same.
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    // A group of radios carries aria-invalid on its fieldset: its first radio takes the focus.
    const target = invalid?.matches('input, textarea')
      ? invalid
      : invalid?.querySelector<HTMLElement>('input');
    target?.focus();
  }, [refusals]);

  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));
  const text = (name: 'participantsCount' | 'accompanyingAdultName' | 'accompanyingAdultPhone') => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: { value: string } }) => set({ [name]: event.currentTarget.value }),
  });

  function refuse(fields: Record<string, string>, message: string | null = null) {
    setErrors(fields);
    setAlert(message);
    setRefusals((n) => n + 1);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlreadyBooked(false);
    const { input, errors: invalid } = bookingFormErrors(values, {
      seatsLeft,
      publicCategories: slot.publicCategories,
    });
    if (!input) return refuse(invalid);
    setErrors({});
    setAlert(null);
    setPending(true);
    try {
      const data = await gqlRequest<{ bookSlot: BookedMeeting }>(
        BOOK_SLOT,
        { input: bookingVariables(slot.id, input) },
        'BookSlot',
      );
      setBooked(data.bookSlot);
      onSlotChange?.(data.bookSlot.slotSeats);
    } catch (error) {
      setPending(false);
      if (!(error instanceof GraphQLRequestError)) return refuse({}, MESSAGES.genericError);
      switch (error.code) {
        case 'slot_full': {
          const left = Math.max(Number(error.extensions.seatsLeft) || 0, 0);
          setSeatsLeft(left);
          onSlotChange?.({ seatsLeft: left, state: error.extensions.state as SlotState });
          return refuse(
            {
              participantsCount:
                left > 0 ? SLOT_MESSAGES.participantsAboveSeatsLeft(left) : seatsLeftLabel(left),
            },
            `${error.message} ${seatsLeftLabel(left)}`,
          );
        }
        case 'charter_not_accepted':
          return refuse({ acceptCharter: error.message });
        case 'already_booked':
          setAlreadyBooked(true);
          return refuse({}, error.message);
        case 'BAD_USER_INPUT':
          if (Object.keys(error.fields).length > 0) return refuse(error.fields);
          return refuse({}, error.message);
        case 'NOT_FOUND':
          return refuse(
            {},
            'Ce créneau n’est plus disponible : il a commencé ou a été retiré par l’entreprise.',
          );
        default:
          return refuse({}, retryMessage(error));
      }
    }
  }

  if (booked) return <BookingConfirmation meeting={booked} slot={{ ...slot, companyName }} />;

  if (seatsLeft <= 0 && !open) return <p className="font-semibold">Ce créneau est complet.</p>;

  return (
    <div className="flex flex-col gap-4">
      <div>
        <AskPageForm
          pageUrl={pageUrl}
          ask={[BOOKING_PARAM, slot.id]}
          fragment={`creneau-${slot.id}`}
          onOpen={() => setOpen(!open)}
        >
          <Button
            type="submit"
            aria-expanded={open}
            aria-controls={open ? formId : undefined}
            variant={open ? 'outline' : 'default'}
          >
            Réserver ce créneau
          </Button>
        </AskPageForm>
      </div>
      {open && (
        <form
          id={formId}
          ref={formRef}
          method="post"
          action={pageUrl ? `${pageUrl}#creneau-${slot.id}` : undefined}
          noValidate
          onSubmit={submit}
          aria-label={`Réserver le créneau du ${slot.date}, ${slot.hours} chez ${companyName}`}
          className="flex flex-col gap-5 rounded-xl border border-grey bg-grey-light p-4 sm:p-6"
        >
          <p className="text-sm text-grey-text">
            Les champs marqués d’un astérisque (<span aria-hidden="true">*</span>
            <span className="sr-only">étoile</span>) sont obligatoires.
          </p>
          <input type="hidden" name="intent" value={BOOKING_INTENT} />
          <input type="hidden" name="slotId" value={slot.id} />
          <FormAlert message={alert} />
          {alreadyBooked && (
            <p>
              <a className="link" href={ROUTES.meetingsTeacher}>
                Voir mes rendez-vous
              </a>
            </p>
          )}
          <NumberField
            label="Nombre de participants"
            required
            min={1}
            max={Math.max(seatsLeft, 1)}
            hint={seatsLeftLabel(seatsLeft)}
            {...text('participantsCount')}
          />
          <ChoiceGroup
            legend="Public du groupe"
            name="publicCategory"
            required
            options={slot.publicCategories.map((category) => ({
              value: category,
              label: PUBLIC_CATEGORY_LABELS[category],
            }))}
            value={values.publicCategory}
            error={errors.publicCategory}
            onChange={(publicCategory) => set({ publicCategory })}
          />
          <TextArea
            label="Message pour l’entreprise"
            name="message"
            hint="Facultatif : le niveau de vos élèves, vos attentes, un besoin particulier."
            value={values.message}
            error={errors.message}
            onChange={(message) => set({ message })}
          />
          <AccompanyingAdultFields
            name={text('accompanyingAdultName')}
            phone={text('accompanyingAdultPhone')}
          />
          <GroupChoice
            groups={groups}
            value={values.groupId}
            error={errors.groupId}
            onChange={(groupId) => set({ groupId })}
          />
          <details className="rounded-lg bg-white p-4">
            <summary className="cursor-pointer font-semibold">Lire la charte de bonne conduite</summary>
            <ul className="mt-3 list-disc pl-6">
              {CONDUCT_CHARTER.map((rule) => (
                <li key={rule}>{rule}</li>
              ))}
            </ul>
          </details>
          <CheckboxField
            name="acceptCharter"
            required
            checked={values.acceptCharter}
            error={errors.acceptCharter}
            onChange={(acceptCharter) => set({ acceptCharter })}
            label="J’ai lu et j’accepte la charte de bonne conduite"
          />
          <div>
            <Button type="submit" loading={pending}>
              Confirmer la réservation
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
