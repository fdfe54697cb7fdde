import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { agreeing, plural } from '../../common/format.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { BOOKING_CHANGE_MESSAGES, bookingChangeSchema, SLOT_MESSAGES } from '../../common/slots.ts';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { TextArea } from '../accounts/profile/ProfileBlock.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { NumberField } from '../ui/NumberField.tsx';
import { useHydrated } from '../ui/useHydrated.ts';
import { AccompanyingAdultFields } from './MeetingDetailsParts.tsx';
import { participantsLabel } from './MeetingParts.tsx';

/** The form's values as typed (a plain post sends strings); `waitlistIfFull` is the radio's value. */
export interface ChangeValues {
  participantsCount: string;
  accompanyingAdultName: string;
  accompanyingAdultPhone: string;
  message: string;
  waitlistIfFull: 'true' | 'false';
}

/** What a refused change says: the errors under their fields, the alert above them, the line's choice shown. */
export interface ChangeRefusal {
  errors: Record<string, string>;
  alert: string | null;
  full: boolean;
}

/** The outcome a successful change redirects with (`?modification=`), read back by the page. */
export type ChangeOutcome = 'ok' | 'attente' | 'inchangee';

export interface ChangeBookingProps {
  meetingId: number;
  /** The booking as it stands: the form's values when nothing was posted. */
  current: ChangeValues;
  /** Seats left on the slot now, and its capacity: what a larger group may take. */
  seatsLeft: number;
  maxParticipants: number;
  /** A plain post refused: the values typed and what to correct. */
  posted: { values: ChangeValues; refusal: ChangeRefusal } | null;
  /** What the last change did (after its redirect), in French; null otherwise. */
  notice: string | null;
  /** Extra seats the booking waits for on the slot's line, and its rank there. */
  lineRequest: { extra: number; position: number } | null;
}

/** The form's anchor: the page's link and every redirect lead to it. */
export const CHANGE_BOOKING_ANCHOR = 'modifier';

const CHANGE_BOOKING = `mutation ChangeBooking($id: ID!, $input: BookingChangeInput!) {
  changeBooking(id: $id, input: $input) { id participantsCount }
}`;

/** A booking's current values, as the form shows them. */
/** Which of the meeting page's plain forms was posted: this one (the other files the meeting in a group). */
export const CHANGE_BOOKING_INTENT = 'changeBooking';

export function changeValuesOf(meeting: {
  participantsCount: number;
  accompanyingAdultName: string | null;
  accompanyingAdultPhone: string | null;
  message: string | null;
}): ChangeValues {
  return {
    participantsCount: String(meeting.participantsCount),
    accompanyingAdultName: meeting.accompanyingAdultName ?? '',
    accompanyingAdultPhone: meeting.accompanyingAdultPhone ?? '',
    message: meeting.message ?? '',
    waitlistIfFull: 'false',
  };
}

/** How a refusal of the API reads under the form: the same for a plain post and for the island. */
export function changeRefusalOf(
  code: string,
  message: string,
  extensions: Record<string, unknown>,
): ChangeRefusal {
  switch (code) {
    case 'slot_full': {
      const left = Math.max(Number(extensions.seatsLeft) || 0, 0);
      return {
        errors: {
          participantsCount:
            left > 0
              ? `${SLOT_MESSAGES.participantsAboveSeatsLeft(left)} en plus de votre groupe`
              : 'Il ne reste plus de place sur ce créneau',
        },
        alert: `${message} Choisissez la liste d’attente pour les places en plus, ou un groupe plus petit.`,
        full: true,
      };
    }
    case 'BAD_USER_INPUT': {
      const fields = (extensions.fields ?? {}) as Record<string, string>;
      return { errors: fields, alert: Object.keys(fields).length > 0 ? null : message, full: false };
    }
    default:
      return { errors: {}, alert: message, full: false };
  }
}

/** Where a change leads once made: the meeting's page, its outcome said at the form. */
export const changedUrl = (meetingId: number, outcome: ChangeOutcome) =>
  `${ROUTES.meetingDetailsTeacher}?id=${meetingId}&modification=${outcome}#${CHANGE_BOOKING_ANCHOR}`;

const sameValues = (a: ChangeValues, b: ChangeValues) =>
  (['participantsCount', 'accompanyingAdultName', 'accompanyingAdultPhone', 'message'] as const).every(
    (key) => a[key].trim() === b[key].trim(),
  );

/**
 * « Modifier ma réservation » (PRODUCT.md, Taking a class out; docs/decisions/0048): the group's size, the
 * accompanying adult, the message. A plain HTML form first (posted to the page, which redirects once changed,
 * or shows it again with the French errors under the fields and the values kept); hydrated, it checks with
 * the shared rule before sending, and shows the waitlist's choice only when the group outgrows the seats left.
 */
export function ChangeBooking(props: ChangeBookingProps) {
  const { meetingId, current, seatsLeft, maxParticipants, lineRequest } = props;
  const headingId = useId();
  const [values, setValues] = useState<ChangeValues>(props.posted?.values ?? current);
  const [refusal, setRefusal] = useState<ChangeRefusal>(
    props.posted?.refusal ?? { errors: {}, alert: null, full: false },
  );
  const [notice, setNotice] = useState(props.notice);
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();
  const [refusals, setRefusals] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (refusals === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  const booked = Number(current.participantsCount);
  const asked = Number(values.participantsCount);
  const outgrows = Number.isInteger(asked) && asked > booked + seatsLeft && asked <= maxParticipants;
  // Without JavaScript the choice is always there; once hydrated, when the group outgrows the seats left.
  const showChoice = !hydrated || outgrows || refusal.full;

  const set = (patch: Partial<ChangeValues>) => {
    setValues((before) => ({ ...before, ...patch }));
    // A corrected field loses its error at once.
    const corrected = Object.keys(patch);
    setRefusal((before) => ({
      ...before,
      errors: Object.fromEntries(Object.entries(before.errors).filter(([key]) => !corrected.includes(key))),
    }));
  };
  const text = (name: 'participantsCount' | 'accompanyingAdultName' | 'accompanyingAdultPhone') => ({
    name,
    value: values[name],
    error: refusal.errors[name],
    onChange: (event: { currentTarget: { value: string } }) => set({ [name]: event.currentTarget.value }),
  });

  function refuse(next: ChangeRefusal) {
    setRefusal(next);
    setNotice(null);
    setRefusals((n) => n + 1);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = bookingChangeSchema.safeParse(values);
    if (!parsed.success)
      return refuse({ errors: fieldErrors(parsed.error), alert: null, full: refusal.full });
    if (asked > maxParticipants) {
      return refuse({
        errors: { participantsCount: BOOKING_CHANGE_MESSAGES.groupAboveCapacity(maxParticipants) },
        alert: null,
        full: false,
      });
    }
    if (sameValues(values, current)) {
      setRefusal({ errors: {}, alert: null, full: false });
      return setNotice(BOOKING_CHANGE_MESSAGES.nothingChanged);
    }
    setPending(true);
    try {
      const input = { ...parsed.data, waitlistIfFull: parsed.data.waitlistIfFull ?? false };
      const { changeBooking } = await gqlRequest<{ changeBooking: { participantsCount: number } }>(
        CHANGE_BOOKING,
        { id: String(meetingId), input },
        'ChangeBooking',
      );
      const outcome: ChangeOutcome = changeBooking.participantsCount < asked ? 'attente' : 'ok';
      window.location.assign(changedUrl(meetingId, outcome));
    } catch (error) {
      setPending(false);
      if (!(error instanceof GraphQLRequestError)) {
        return refuse({ errors: {}, alert: MESSAGES.genericError, full: refusal.full });
      }
      if (
        error.code === 'BAD_USER_INPUT' ||
        error.code === 'slot_full' ||
        error.code === 'meeting_not_changeable'
      ) {
        return refuse(
          changeRefusalOf(error.code, error.message, { ...error.extensions, fields: error.fields }),
        );
      }
      return refuse({ errors: {}, alert: retryMessage(error), full: refusal.full });
    }
  }

  return (
    <section
      id={CHANGE_BOOKING_ANCHOR}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl bg-white p-6"
    >
      <h2 id={headingId}>Modifier ma réservation</h2>
      {notice && (
        <p role="status" className="rounded-lg border-2 border-green-text bg-green-light p-4 font-medium">
          {notice}
        </p>
      )}
      {lineRequest && (
        <p className="rounded-lg border-2 border-yellow-text bg-yellow-light p-4">
          {plural(lineRequest.extra, 'place supplémentaire demandée', 'places supplémentaires demandées')} sur
          la liste d’attente (
          {lineRequest.position === 1 ? '1re position' : `${lineRequest.position}e position`}) :{' '}
          {agreeing(
            lineRequest.extra,
            'elle s’ajoutera à votre réservation dès qu’elle se libérera',
            'elles s’ajouteront à votre réservation dès qu’elles se libéreront',
          )}
          . Indiquer un autre nombre de participants remplace cette demande.
        </p>
      )}
      <form
        ref={formRef}
        method="post"
        action={`${ROUTES.meetingDetailsTeacher}?id=${meetingId}`}
        noValidate
        onSubmit={submit}
        aria-labelledby={headingId}
        className="flex flex-col gap-5"
      >
        <input type="hidden" name="intent" value={CHANGE_BOOKING_INTENT} />
        <p className="text-sm text-grey-text">
          Les champs marqués d’un astérisque (<span aria-hidden="true">*</span>
          <span className="sr-only">étoile</span>) sont obligatoires. L’entreprise est prévenue par e-mail de
          ce qui change.
        </p>
        <FormAlert message={refusal.alert} />
        <NumberField
          label="Nombre de participants"
          required
          min={1}
          max={maxParticipants}
          hint={`Vous avez réservé pour ${participantsLabel(booked)}. ${
            seatsLeft > 0
              ? `Le créneau a encore ${plural(seatsLeft, 'place libre', 'places libres')}, adultes accompagnateurs compris.`
              : 'Le créneau est complet : un groupe plus grand passe par la liste d’attente.'
          }`}
          {...text('participantsCount')}
        />
        {showChoice && (
          <ChoiceGroup
            legend="Si le créneau n’a pas assez de places pour un groupe plus grand"
            name="waitlistIfFull"
            options={[
              { value: 'false', label: 'M’avertir, sans rien modifier' },
              {
                value: 'true',
                label:
                  'Demander les places en plus sur la liste d’attente (ma réservation reste valable en attendant)',
              },
            ]}
            value={values.waitlistIfFull}
            onChange={(waitlistIfFull) => set({ waitlistIfFull })}
          />
        )}
        <AccompanyingAdultFields
          name={text('accompanyingAdultName')}
          phone={text('accompanyingAdultPhone')}
        />
        <TextArea
          name="message"
          label="Message pour l’entreprise"
          hint="Facultatif : le niveau de vos élèves, vos attentes, un besoin particulier."
          value={values.message}
          error={refusal.errors.message}
          onChange={(message) => set({ message })}
        />
        <div>
          <Button type="submit" loading={pending}>
            Enregistrer les modifications
          </Button>
        </div>
      </form>
    </section>
  );
}
