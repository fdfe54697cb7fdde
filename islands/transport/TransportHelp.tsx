import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { ROUTES } from '../../common/routes.ts';
import { TEXT_MAX } from '../../common/text.ts';
import {
  TRANSPORT_MESSAGES,
  type TransportRequestView,
  transportRequestSchema,
} from '../../common/transport.ts';
import { AddressField } from '../AddressField.tsx';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { TextArea } from '../accounts/profile/ProfileBlock.tsx';
import type { AddressValue, TypedAddress } from '../address-post.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { type MeetingUpdate, useMeetingUpdates } from '../meeting-updates.ts';
import { Button } from '../ui/Button.tsx';
import { NumberField } from '../ui/NumberField.tsx';
import { Toaster } from '../ui/Toast.tsx';
import { formatRequestDate, TransportRequestFacts, TransportStatusBadge } from './TransportParts.tsx';

export interface TransportHelpProps {
  meetingId: number;
  /** The booking's participants: the group carried is at most that. */
  participantsCount: number;
  request: TransportRequestView | null;
  /** A company visit that has not started, without an open request. */
  canRequest: boolean;
  /** The teacher's establishment, the departure by default. */
  defaultDeparture: AddressValue | null;
  /**
   * Without JavaScript (pages/meetings-teacher/meeting-details/transport-post.ts): the form shown open
   * (`?transport=demande`), the request just sent (`?transport=envoyee`), or a refused post's values and
   * messages.
   */
  plain?: { open: boolean; sent: boolean; posted: PostedTransport | null };
}

/** A request posted as a plain form and refused: what was typed, and why. */
export interface PostedTransport {
  values: { groupSize: string; departure: AddressValue | null; comment: string };
  errors: Errors;
  alert: string | null;
  /** The departure as typed, when the server could not settle it. */
  typedDeparture: TypedAddress | null;
}

/** The page's form among the others of the meeting's page. */
export const TRANSPORT_INTENT = 'requestTransport';
/** Where the region sits on the page: a plain post and the opening link come back to it. */
export const TRANSPORT_ANCHOR = 'aide-transport';

const REQUEST_TRANSPORT = `mutation RequestTransportHelp($input: TransportRequestInput!) {
  requestTransportHelp(input: $input) { id status groupSize comment answer createdAt answeredAt departureAddress { label } }
}`;

export const TRANSPORT_SENT =
  'Votre demande est envoyée. L’équipe de la plateforme vous répondra par e-mail, et sa réponse s’affichera ici.';

type Errors = Partial<Record<'groupSize' | 'departureAddress' | 'comment', string>>;

/** The departure's own messages (`departureAddress.lat`…) say one thing: choose it among the suggestions. */
export function transportErrorsOf(fields: Record<string, string>): Errors {
  const errors: Errors = {};
  for (const [path, message] of Object.entries(fields)) {
    const field = path.split('.')[0] as keyof Errors;
    errors[field] ??= message;
  }
  return errors;
}

/**
 * Transport help on a company visit's page (PRODUCT.md, After the meeting): the request's status and the
 * operators' answer, or a form to ask (group size, departure chosen among the suggestions, the
 * establishment by default, a comment). What was typed stays on an error.
 */
export function TransportHelp(props: TransportHelpProps) {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const [request, setRequest] = useState(props.request);
  const [canRequest, setCanRequest] = useState(props.canRequest);
  const posted = props.plain?.posted ?? null;
  const openedByPage = Boolean(props.plain?.open || posted);
  const [open, setOpen] = useState(openedByPage);
  const [groupSize, setGroupSize] = useState(posted?.values.groupSize ?? String(props.participantsCount));
  const [departure, setDeparture] = useState<AddressValue | null>(
    posted ? posted.values.departure : props.defaultDeparture,
  );
  const [comment, setComment] = useState(posted?.values.comment ?? '');
  const [errors, setErrors] = useState<Errors>(posted?.errors ?? {});
  const [alert, setAlert] = useState<string | null>(posted?.alert ?? null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(Boolean(props.plain?.sent));
  const [refusals, setRefusals] = useState(0);
  // The meeting cancelled on this page: its request ended with it (the API's answer says how).
  useMeetingUpdates(
    props.meetingId,
    useCallback((update: MeetingUpdate) => {
      const status = update.transportRequest?.status;
      if (status) setRequest((current) => current && { ...current, status });
      if (update.status === 'cancelled') {
        setCanRequest(false);
        setOpen(false);
        // « Votre demande est envoyée… vous répondra » no longer holds: the request's status says why.
        setSent(false);
      }
    }, []),
  );

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);
  useEffect(() => {
    if (refusals > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  function refuse(next: Errors) {
    setErrors(next);
    setRefusals((n) => n + 1);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const parsed = transportRequestSchema.safeParse({ groupSize, departureAddress: departure, comment });
    if (!parsed.success) return refuse(transportErrorsOf(fieldErrors(parsed.error)));
    if (parsed.data.groupSize > props.participantsCount) {
      return refuse({ groupSize: TRANSPORT_MESSAGES.groupSizeAboveBooking(props.participantsCount) });
    }
    setErrors({});
    setPending(true);
    try {
      const { label, zipcode, city, lat, lng } = parsed.data.departureAddress;
      const data = await gqlRequest<{
        requestTransportHelp: Omit<TransportRequestView, 'departure' | 'id'> & {
          id: string;
          departureAddress: { label: string };
        };
      }>(
        REQUEST_TRANSPORT,
        {
          input: {
            meetingId: String(props.meetingId),
            groupSize: parsed.data.groupSize,
            departureAddress: { label, zipcode, city, lat, lng },
            comment: parsed.data.comment ?? null,
          },
        },
        'RequestTransportHelp',
      );
      const { departureAddress, id, ...created } = data.requestTransportHelp;
      setRequest({ ...created, id: Number(id), departure: departureAddress.label });
      setCanRequest(false);
      setOpen(false);
      setSent(true);
    } catch (failure) {
      if (!(failure instanceof GraphQLRequestError)) return setAlert(TRANSPORT_MESSAGES.notSent);
      if (failure.code === 'BAD_USER_INPUT' && Object.keys(failure.fields).length > 0) {
        return refuse(transportErrorsOf(failure.fields));
      }
      setAlert(failure.code === 'other_error' ? TRANSPORT_MESSAGES.notSent : retryMessage(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <section
      id={TRANSPORT_ANCHOR}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl bg-white p-6"
    >
      <h2 id={headingId}>Aide au transport</h2>
      {sent && (
        <p
          ref={sentRef}
          tabIndex={-1}
          role="status"
          className="rounded-lg border-2 border-green-text bg-green-light p-4 font-medium"
        >
          {TRANSPORT_SENT}
        </p>
      )}
      {request && (
        <div className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center gap-3">
            <p className="font-semibold">Votre demande du {formatRequestDate(request.createdAt)}</p>
            <TransportStatusBadge status={request.status} />
          </div>
          <TransportRequestFacts request={request} />
        </div>
      )}
      {canRequest && !open && (
        <div className="flex flex-col items-start gap-3">
          <p>
            {request
              ? 'Vous pouvez faire une nouvelle demande, par exemple avec un autre point de départ.'
              : 'Le transport de votre groupe pose problème ? La plateforme peut vous aider : faites une demande, l’équipe vous répond par e-mail.'}
          </p>
          {/* Without JavaScript, the page shows the form open (`?transport=demande`). */}
          <form
            method="get"
            action={`${ROUTES.meetingDetailsTeacher}#${TRANSPORT_ANCHOR}`}
            onSubmit={(event) => {
              event.preventDefault();
              setSent(false);
              setOpen(true);
            }}
          >
            <input type="hidden" name="id" value={props.meetingId} />
            <input type="hidden" name="transport" value="demande" />
            <Button type="submit" variant="outline">
              Demander une aide au transport
            </Button>
          </form>
        </div>
      )}
      {canRequest && open && (
        <form
          ref={formRef}
          method="post"
          action={`${ROUTES.meetingDetailsTeacher}?id=${props.meetingId}#${TRANSPORT_ANCHOR}`}
          noValidate
          onSubmit={submit}
          className="flex flex-col gap-4"
        >
          <input type="hidden" name="intent" value={TRANSPORT_INTENT} />
          <FormAlert
            message={alert ?? (Object.keys(errors).length > 0 ? ERROR_MESSAGES.BAD_USER_INPUT : null)}
          />
          <NumberField
            label="Nombre de personnes à transporter"
            required
            min={1}
            max={props.participantsCount}
            hint={`Adultes accompagnateurs compris : ${props.participantsCount} au plus, comme la réservation.`}
            name="groupSize"
            value={groupSize}
            error={errors.groupSize}
            onChange={(event) => setGroupSize(event.currentTarget.value)}
            className="max-w-xs"
          />
          <AddressField
            label="Adresse de départ"
            name="departureAddress"
            required
            hint="Votre établissement par défaut ; choisissez une autre adresse dans la liste proposée si besoin."
            value={departure}
            error={errors.departureAddress}
            typed={posted?.typedDeparture}
            onChange={setDeparture}
          />
          <TextArea
            label="Commentaire (facultatif)"
            hint={`Horaires souhaités, contraintes du groupe… ${TEXT_MAX.transportComment} caractères au maximum.`}
            name="comment"
            value={comment}
            error={errors.comment}
            onChange={setComment}
          />
          <div className="flex flex-wrap gap-3">
            <Button type="submit" loading={pending}>
              Envoyer la demande
            </Button>
            {openedByPage ? (
              // Shown open by the page: going back to it closes the form, with or without JavaScript.
              <Button
                variant="outline"
                color="black"
                href={`${ROUTES.meetingDetailsTeacher}?id=${props.meetingId}#${TRANSPORT_ANCHOR}`}
              >
                Annuler
              </Button>
            ) : (
              <Button variant="outline" color="black" onClick={() => setOpen(false)} disabled={pending}>
                Annuler
              </Button>
            )}
          </div>
        </form>
      )}
      <Toaster />
    </section>
  );
}
