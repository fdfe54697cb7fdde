import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { elide, formatSlotDate, formatSlotHours, plural } from '../../common/format.ts';
import { MESSAGES } from '../../common/messages.ts';
import { TEXT_MAX } from '../../common/text.ts';
import {
  type TransportRequestForOperators,
  type TransportRequestView,
  transportAnswerSchema,
} from '../../common/transport.ts';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { TextArea } from '../accounts/profile/ProfileBlock.tsx';
import { type PlainPost, plainPostFor } from '../admin/plain-post.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { EmailLink, PhoneLink } from '../meetings/MeetingDetailsParts.tsx';
import { Button } from '../ui/Button.tsx';
import { ConfirmStep } from '../ui/ConfirmStep.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { PostButton } from '../ui/PostButton.tsx';
import { Toaster } from '../ui/Toast.tsx';
import { toast } from '../ui/toast-store.ts';
import { formatRequestDate, TransportRequestFacts, TransportStatusBadge } from './TransportParts.tsx';

const ANSWER_TRANSPORT = `mutation AnswerTransportRequest($id: ID!, $status: TransportRequestStatus!, $answer: String) {
  answerTransportRequest(id: $id, status: $status, answer: $answer) { id status answer answeredAt }
}`;

type Decision = 'accepted' | 'refused';

/** The intent of an answer's plain form (pages/admin/transport/+data.ts). */
export const ANSWER_INTENT = 'answer';

/**
 * The operators' transport requests: the waiting ones, oldest first, each accepted or refused with a
 * message for the teacher (e-mailed); then the latest handled. A handled request moves to the second list
 * and the focus to the first list's heading, so the keyboard never lands on a removed button. Before the
 * script runs (or without it) « Accepter » and « Refuser » post a plain form to the page, which answers
 * with the dialog's question as the card's step (`plain`), its message kept with what is wrong.
 */
export function TransportRequests({
  pending: initialPending,
  others: initialOthers,
  plain = null,
}: {
  pending: TransportRequestForOperators[];
  others: TransportRequestForOperators[];
  plain?: PlainPost | null;
}) {
  const [pending, setPending] = useState(initialPending);
  const [others, setOthers] = useState(initialOthers);
  const [answering, setAnswering] = useState<{
    request: TransportRequestForOperators;
    decision: Decision;
  } | null>(null);
  const pendingHeading = useRef<HTMLHeadingElement>(null);
  const posted = plainPostFor(plain, ANSWER_INTENT);
  const shownOnCard = posted !== null && pending.some((request) => String(request.id) === posted.target);

  function handled(request: TransportRequestForOperators, changes: Partial<TransportRequestView> | null) {
    setPending((list) => list.filter((r) => r.id !== request.id));
    if (changes) setOthers((list) => [{ ...request, ...changes }, ...list]);
    setAnswering(null);
    requestAnimationFrame(() => pendingHeading.current?.focus());
  }

  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="transport-pending-title" className="flex flex-col gap-4">
        <h2 id="transport-pending-title" ref={pendingHeading} tabIndex={-1}>
          Demandes en attente
        </h2>
        {posted?.alert && !shownOnCard && <FormAlert message={posted.alert} />}
        <p className="text-grey-text">
          {pending.length === 0
            ? 'Aucune demande n’attend de réponse.'
            : `${plural(pending.length, 'demande')} à traiter, de la plus ancienne à la plus récente.`}
        </p>
        {pending.length > 0 && (
          <ul className="flex flex-col gap-4">
            {pending.map((request) => {
              const step = plainPostFor(plain, ANSWER_INTENT, String(request.id));
              const decision = step?.values.status;
              return (
                <RequestCard key={request.id} request={request}>
                  {step && (decision === 'accepted' || decision === 'refused') ? (
                    <AnswerStep request={request} decision={decision} plain={step} />
                  ) : (
                    <div className="flex flex-wrap gap-3">
                      {(['accepted', 'refused'] as const).map((decision) => (
                        <PostButton
                          key={decision}
                          action={`#repondre-${request.id}`}
                          fields={{ intent: ANSWER_INTENT, id: String(request.id), status: decision }}
                          color={decision === 'accepted' ? 'green' : 'error'}
                          variant={decision === 'accepted' ? undefined : 'outline'}
                          onPress={() => setAnswering({ request, decision })}
                        >
                          {ANSWERS[decision].button}
                          <span className="sr-only">
                            {' '}
                            la demande {elide('de', request.meeting.teacherName)}
                          </span>
                        </PostButton>
                      ))}
                    </div>
                  )}
                </RequestCard>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="transport-handled-title" className="flex flex-col gap-4">
        <h2 id="transport-handled-title">Demandes traitées récemment</h2>
        {others.length === 0 ? (
          <p className="text-grey-text">Aucune demande traitée pour le moment.</p>
        ) : (
          <ul className="flex flex-col gap-4">
            {others.map((request) => (
              <RequestCard key={request.id} request={request} />
            ))}
          </ul>
        )}
      </section>
      <AnswerDialog
        key={answering ? `${answering.request.id}-${answering.decision}` : 'closed'}
        answering={answering}
        onClose={() => setAnswering(null)}
        onHandled={handled}
      />
      <Toaster />
    </div>
  );
}

function RequestCard({ request, children }: { request: TransportRequestForOperators; children?: ReactNode }) {
  const headingId = useId();
  const { meeting } = request;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-2xl border border-grey bg-white p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={headingId} className="text-lg font-bold">
          Visite {elide('de', meeting.companyName)} — {formatSlotDate(meeting.startsAt, meeting.timeZone)}
        </h3>
        <TransportStatusBadge status={request.status} />
      </div>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="font-semibold">Horaire</dt>
          <dd>{formatSlotHours(meeting.startsAt, meeting.endsAt, meeting.timeZone)}</dd>
        </div>
        <div>
          <dt className="font-semibold">Lieu de la visite</dt>
          <dd className="break-words">{meeting.place ?? 'Non renseigné'}</dd>
        </div>
        <div>
          <dt className="font-semibold">Enseignant</dt>
          <dd>
            {meeting.teacherName}
            {meeting.establishmentName && ` (${meeting.establishmentName})`}
            <br />
            <EmailLink email={meeting.teacherEmail} />
            {meeting.teacherPhone && (
              <>
                <br />
                <PhoneLink phone={meeting.teacherPhone} />
              </>
            )}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Demandée le</dt>
          <dd>{formatRequestDate(request.createdAt)}</dd>
        </div>
      </dl>
      <TransportRequestFacts request={request} />
      {children}
    </li>
  );
}

/** The words of each answer: its button, its dialog or step, and what is said once it is sent. */
export const ANSWERS: Record<
  Decision,
  { button: string; title: string; confirm: string; hint: string; done: string }
> = {
  accepted: {
    button: 'Accepter',
    title: 'Accepter la demande',
    confirm: 'Accepter la demande',
    hint: 'Comment le groupe sera transporté : horaire et lieu de prise en charge, transporteur…',
    done: 'La demande est acceptée. L’enseignant a été prévenu par e-mail.',
  },
  refused: {
    button: 'Refuser',
    title: 'Refuser la demande',
    confirm: 'Refuser la demande',
    hint: 'Pourquoi la plateforme ne peut pas aider ce groupe, et ce que l’enseignant peut faire.',
    done: 'La demande est refusée. L’enseignant a été prévenu par e-mail.',
  },
};

function AnswerDialog({
  answering,
  onClose,
  onHandled,
}: {
  answering: { request: TransportRequestForOperators; decision: Decision } | null;
  onClose(): void;
  onHandled(request: TransportRequestForOperators, changes: Partial<TransportRequestView> | null): void;
}) {
  const formId = useId();
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!answering) return <Dialog open={false} onClose={onClose} title="" />;
  const { request, decision } = answering;
  const words = ANSWERS[decision];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const parsed = transportAnswerSchema.safeParse({ status: decision, answer });
    if (!parsed.success) return setError(fieldErrors(parsed.error).answer);
    setError(undefined);
    setBusy(true);
    try {
      const data = await gqlRequest<{
        answerTransportRequest: { status: Decision; answer: string; answeredAt: string };
      }>(ANSWER_TRANSPORT, { id: String(request.id), ...parsed.data }, 'AnswerTransportRequest');
      toast.success(words.done);
      onHandled(request, data.answerTransportRequest);
    } catch (failure) {
      if (!(failure instanceof GraphQLRequestError)) return setAlert(MESSAGES.genericError);
      if (failure.code === 'transport_request_closed' || failure.code === 'NOT_FOUND') {
        toast.warning(failure.message);
        return onHandled(request, null);
      }
      if (failure.fields.answer) return setError(failure.fields.answer);
      setAlert(failure.message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title={`${words.title} ${elide('de', request.meeting.teacherName)} ?`}
      actions={
        <>
          <Button variant="outline" color="black" onClick={onClose} disabled={busy}>
            Annuler
          </Button>
          <Button
            type="submit"
            form={formId}
            color={decision === 'accepted' ? 'green' : 'error'}
            loading={busy}
          >
            {words.confirm}
          </Button>
        </>
      }
    >
      <form id={formId} method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
        <AnswerFields
          request={request}
          decision={decision}
          answer={answer}
          error={error}
          alert={alert}
          onChange={setAnswer}
        />
      </form>
    </Dialog>
  );
}

/**
 * The dialog's question asked by the page without JavaScript (its « Accepter » or « Refuser » posted
 * without `confirm=1`): the message is typed in place, and comes back with what is wrong when refused.
 */
function AnswerStep({
  request,
  decision,
  plain,
}: {
  request: TransportRequestForOperators;
  decision: Decision;
  plain: PlainPost;
}) {
  const [answer, setAnswer] = useState(plain.values.answer ?? '');
  const words = ANSWERS[decision];
  return (
    <ConfirmStep
      id={`repondre-${request.id}`}
      title={`${words.title} ${elide('de', request.meeting.teacherName)} ?`}
      level={4}
      confirmLabel={words.confirm}
      color={decision === 'accepted' ? 'green' : 'error'}
      cancelHref={plain.pageUrl}
      action={`#repondre-${request.id}`}
      fields={{ intent: ANSWER_INTENT, id: String(request.id), status: decision }}
    >
      <AnswerFields
        request={request}
        decision={decision}
        answer={answer}
        error={plain.errors.answer}
        alert={plain.alert}
        onChange={setAnswer}
      />
    </ConfirmStep>
  );
}

function AnswerFields({
  request,
  decision,
  answer,
  error,
  alert,
  onChange,
}: {
  request: TransportRequestForOperators;
  decision: Decision;
  answer: string;
  error: string | undefined;
  alert: string | null;
  onChange(answer: string): void;
}) {
  return (
    <>
      <p>
        Visite {elide('de', request.meeting.companyName)} le{' '}
        {formatSlotDate(request.meeting.startsAt, request.meeting.timeZone)},{' '}
        {plural(request.groupSize, 'personne')} au départ {elide('de', request.departure)}.
      </p>
      <FormAlert message={alert} />
      <TextArea
        label="Message pour l’enseignant"
        name="answer"
        required
        hint={`${ANSWERS[decision].hint} Il lui est envoyé par e-mail (${TEXT_MAX.transportAnswer} caractères au maximum).`}
        value={answer}
        error={error}
        onChange={onChange}
      />
    </>
  );
}
