import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import type { MeetingStatus } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { cancelMeetingSchema } from '../../common/slots.ts';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { TextArea } from '../accounts/profile/ProfileBlock.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { announceMeetingUpdate, type MeetingUpdate } from '../meeting-updates.ts';
import { AskPageForm } from '../ui/AskPageForm.tsx';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { CalendarLink, PhoneLink } from './MeetingDetailsParts.tsx';
import { type MeetingSide, MeetingStatusBadge } from './MeetingParts.tsx';

export interface CancelMeetingProps {
  meetingId: number;
  side: MeetingSide;
  status: MeetingStatus;
  /** Not cancelled and not started. */
  canCancel: boolean;
  /** "mardi 24 novembre 2026, 09:00 – 10:30", formatted by the page in the slot's zone. */
  when: string;
  /** The company, whom a cancelling teacher should phone too (PRODUCT.md, Meetings). */
  company: { name: string; phone: string | null };
  cancelledBy: 'teacher' | 'company' | 'platform' | null;
  cancelReason: string | null;
  /** The meeting's .ics, offered while the meeting stands (it goes once cancelled, here, without a reload). */
  calendarUrl: string;
  /** A postponed meeting: the times it was booked for, formatted as `when` (old → new); null when unknown. */
  previousWhen?: string | null;
  /**
   * In a meeting's card (the teacher's home page and meetings list): only a postponed meeting's old → new
   * and its two answers, « Je garde ma place » and « J’annule », without the status heading.
   */
  compact?: boolean;
  /** The meeting page's plain form (pages/layout/cancel-post.ts): asked open, just done, or refused. */
  plain?: PlainCancel;
  /** « Je garde ma place » posted without JavaScript (pages/layout/keep-post.ts): done, or refused. */
  keep?: PlainKeep | null;
}

/** The meeting page's cancel form among its other forms. */
export const CANCEL_INTENT = 'cancelMeeting';
/** `?annuler=1`: the page shows the cancel form, in the status block. */
export const CANCEL_OPEN = 'annuler';
/** `?annulation=faite`: the page says the meeting was just cancelled. */
export const CANCEL_DONE = 'faite';
/** The status block, where the plain form comes back. */
export const CANCEL_ANCHOR = 'statut';

/** « Je garde ma place »'s form among the page's forms. */
export const KEEP_INTENT = 'keepMeeting';
/** `?gardee=<meeting>`: the page says the meeting was just kept. */
export const KEPT_PARAM = 'gardee';

/** « Je garde ma place » posted as a plain form, for one meeting: kept (no alert), or refused. */
export interface PlainKeep {
  meetingId: number;
  alert: string | null;
}

/** What the meeting page knows of a cancellation posted as a plain form. */
export interface PlainCancel {
  /** The page's own URL (`…?id=`). */
  pageUrl: string;
  open: boolean;
  done: boolean;
  posted: { reason: string; error: string | undefined; alert: string | null } | null;
  /** « Je garde ma place » posted on the meeting page. */
  keep?: PlainKeep | null;
}

const CANCEL_MEETING = `mutation CancelMeeting($id: ID!, $reason: String) {
  cancelMeeting(id: $id, reason: $reason) { id status cancelReason cancelledBy transportRequest { status } }
}`;
const KEEP_MEETING = 'mutation KeepMeeting($id: ID!) { keepMeeting(id: $id) { id status } }';

const KEPT_OUTCOME = 'Vous gardez votre place : le rendez-vous est confirmé au nouvel horaire.';

const CANCELLED_BY: Record<'teacher' | 'company' | 'platform', Record<MeetingSide, string>> = {
  teacher: { teacher: 'Vous avez annulé ce rendez-vous.', company: 'L’enseignant a annulé ce rendez-vous.' },
  company: { teacher: 'L’entreprise a annulé ce rendez-vous.', company: 'Vous avez annulé ce rendez-vous.' },
  platform: {
    teacher: 'Ce rendez-vous a été annulé par la plateforme.',
    company: 'Ce rendez-vous a été annulé par la plateforme.',
  },
};

/**
 * The meeting's status and what either side may do with it: cancel after a confirmation step with an
 * optional reason (a teacher is told to phone the company too, PRODUCT.md, Meetings), and for a postponed
 * meeting, the teacher keeps their seat at the new time. The new status shows in place, and the way to
 * the calendar goes with a cancellation.
 */
export function CancelMeeting(props: CancelMeetingProps) {
  const { meetingId, side, when, company } = props;
  const headingId = useId();
  const formId = useId();
  const [status, setStatus] = useState(props.status);
  const [cancelledBy, setCancelledBy] = useState(props.cancelledBy);
  const [cancelReason, setCancelReason] = useState(props.cancelReason);
  const plain = props.compact ? undefined : props.plain;
  const other = side === 'teacher' ? 'L’entreprise' : 'L’enseignant';
  const cancelledOutcome = `Le rendez-vous est annulé. ${other} a été prévenu${side === 'teacher' ? 'e' : ''} par e-mail.`;
  const keptPlain = props.keep?.meetingId === meetingId ? props.keep : null;
  const [outcome, setOutcome] = useState<string | null>(
    plain?.done ? cancelledOutcome : keptPlain && !keptPlain.alert ? KEPT_OUTCOME : null,
  );
  const [open, setOpen] = useState(false);
  // Asked of the page (`?annuler=1`, or a refused post): the form in the status block, as the page rendered it.
  const [inline, setInline] = useState(Boolean(plain?.open || plain?.posted));
  const [reason, setReason] = useState(plain?.posted?.reason ?? '');
  const [reasonError, setReasonError] = useState<string | undefined>(plain?.posted?.error);
  const [alert, setAlert] = useState<string | null>(plain?.posted?.alert ?? keptPlain?.alert ?? null);
  const [pending, setPending] = useState<'cancel' | 'keep' | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);

  // The buttons that had the focus are gone once the meeting changes: the message that says so takes it.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const cancellable = status !== 'cancelled' && props.canCancel;

  function close() {
    if (pending) return;
    setOpen(false);
    setReasonError(undefined);
    setAlert(null);
  }

  async function confirmCancel(event: FormEvent) {
    event.preventDefault();
    const parsed = cancelMeetingSchema.safeParse({ reason });
    if (!parsed.success) return setReasonError(fieldErrors(parsed.error).reason);
    setReasonError(undefined);
    setAlert(null);
    setPending('cancel');
    try {
      const { cancelMeeting } = await gqlRequest<{
        cancelMeeting: Omit<MeetingUpdate, 'meetingId'> & {
          cancelReason: string | null;
          cancelledBy: CancelMeetingProps['cancelledBy'];
        };
      }>(CANCEL_MEETING, { id: String(meetingId), reason: parsed.data.reason ?? null }, 'CancelMeeting');
      setStatus(cancelMeeting.status);
      setCancelledBy(cancelMeeting.cancelledBy);
      setCancelReason(cancelMeeting.cancelReason);
      announceMeetingUpdate({ meetingId, ...cancelMeeting });
      setOpen(false);
      setInline(false);
      setOutcome(cancelledOutcome);
    } catch (error) {
      setAlert(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
    } finally {
      setPending(null);
    }
  }

  async function keep(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    setPending('keep');
    try {
      const data = await gqlRequest<{ keepMeeting: { status: MeetingStatus } }>(
        KEEP_MEETING,
        { id: String(meetingId) },
        'KeepMeeting',
      );
      setStatus(data.keepMeeting.status);
      setOutcome(KEPT_OUTCOME);
    } catch (error) {
      setAlert(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
    } finally {
      setPending(null);
    }
  }

  // Before the script runs, posted to the meeting page, or to the list that shows the card (its own URL).
  const keepForm = (
    <form method="post" action={plain ? `${plain.pageUrl}#${CANCEL_ANCHOR}` : undefined} onSubmit={keep}>
      <input type="hidden" name="intent" value={KEEP_INTENT} />
      <input type="hidden" name="id" value={meetingId} />
      <Button
        type="submit"
        size={props.compact ? 'm' : undefined}
        loading={pending === 'keep'}
        disabled={pending === 'cancel'}
      >
        Je garde ma place
      </Button>
    </form>
  );

  const cancelForm = (
    <form
      id={formId}
      method="post"
      action={plain ? `${plain.pageUrl}#${CANCEL_ANCHOR}` : undefined}
      noValidate
      onSubmit={confirmCancel}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="intent" value={CANCEL_INTENT} />
      <p>
        Rendez-vous du {when}. {other} sera prévenu{side === 'teacher' ? 'e' : ''} par e-mail.
      </p>
      {side === 'teacher' && (
        <p className="rounded-lg bg-yellow-light p-4">
          Prévenez aussi {company.name} par téléphone
          {company.phone ? (
            <>
              {' '}
              au <PhoneLink phone={company.phone} />.
            </>
          ) : (
            '.'
          )}
        </p>
      )}
      <FormAlert message={open || inline ? alert : null} />
      <TextArea
        label="Motif de l’annulation (facultatif)"
        name="reason"
        hint={`Il sera transmis à ${side === 'teacher' ? 'l’entreprise' : 'l’enseignant'}.`}
        value={reason}
        error={reasonError}
        onChange={setReason}
      />
    </form>
  );

  const dialog = (
    <Dialog
      open={open && !inline}
      onClose={close}
      title="Annuler ce rendez-vous ?"
      actions={
        <>
          <Button variant="outline" color="black" onClick={close} disabled={pending === 'cancel'}>
            Garder le rendez-vous
          </Button>
          <Button type="submit" form={formId} color="error" loading={pending === 'cancel'}>
            Confirmer l’annulation
          </Button>
        </>
      }
    >
      {!inline && cancelForm}
    </Dialog>
  );

  if (props.compact) {
    return (
      <div className="flex flex-col gap-3 rounded-lg border-2 border-yellow-text bg-yellow-light p-3 text-sm">
        {status === 'reported' && (
          <>
            <MovedTimes previousWhen={props.previousWhen ?? null} when={when} />
            {!open && <FormAlert message={alert} />}
            <div className="flex flex-wrap gap-2">
              {keepForm}
              {cancellable && (
                <Button
                  size="m"
                  color="error"
                  variant="outline"
                  onClick={() => setOpen(true)}
                  disabled={pending === 'keep'}
                >
                  J’annule
                </Button>
              )}
            </div>
          </>
        )}
        {outcome && (
          <p ref={outcomeRef} tabIndex={-1} role="status" className="font-medium">
            {outcome}
          </p>
        )}
        {dialog}
      </div>
    );
  }

  return (
    <section
      id={CANCEL_ANCHOR}
      aria-labelledby={headingId}
      className="flex scroll-mt-24 flex-col gap-4 rounded-2xl bg-white p-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id={headingId}>Statut</h2>
        <MeetingStatusBadge status={status} />
      </div>
      {outcome && (
        <p
          ref={outcomeRef}
          tabIndex={-1}
          role="status"
          className="rounded-lg border-2 border-green-text bg-green-light p-4 font-medium"
        >
          {outcome}
        </p>
      )}
      {status === 'cancelled' && (
        <div className="flex flex-col gap-1">
          {cancelledBy && <p>{CANCELLED_BY[cancelledBy][side]}</p>}
          {cancelReason && <p>Motif : {cancelReason}</p>}
        </div>
      )}
      {status === 'reported' && (
        <div className="flex flex-col gap-2 rounded-lg border-2 border-yellow-text bg-yellow-light p-4">
          <p className="font-semibold">L’entreprise a déplacé ce rendez-vous.</p>
          <MovedTimes previousWhen={props.previousWhen ?? null} when={when} />
          <p>
            {side === 'teacher'
              ? 'Gardez votre place à ce nouvel horaire, ou annulez si vous ne pouvez pas venir.'
              : 'L’enseignant a été prévenu : il garde sa place ou annule.'}
          </p>
        </div>
      )}
      {status !== 'cancelled' && (
        <p>
          <CalendarLink href={props.calendarUrl} />
        </p>
      )}
      {!open && <FormAlert message={alert} />}
      {(cancellable || (status === 'reported' && side === 'teacher')) && (
        <div className="flex flex-wrap gap-3">
          {status === 'reported' && side === 'teacher' && keepForm}
          {cancellable && !inline && (
            <AskPageForm
              pageUrl={plain?.pageUrl}
              ask={[CANCEL_OPEN, 1]}
              fragment={CANCEL_ANCHOR}
              onOpen={() => setOpen(true)}
            >
              <Button type="submit" color="error" variant="outline" disabled={pending === 'keep'}>
                Annuler le rendez-vous
              </Button>
            </AskPageForm>
          )}
        </div>
      )}
      {cancellable && inline && plain && (
        <div className="flex flex-col gap-4 rounded-xl border-2 border-error-text p-4 sm:p-6">
          <h3 className="text-lg font-bold">Annuler ce rendez-vous ?</h3>
          {cancelForm}
          <div className="flex flex-wrap gap-3">
            <Button href={`${plain.pageUrl}#${CANCEL_ANCHOR}`} variant="outline" color="black">
              Garder le rendez-vous
            </Button>
            <Button type="submit" form={formId} color="error" loading={pending === 'cancel'}>
              Confirmer l’annulation
            </Button>
          </div>
        </div>
      )}
      {dialog}
    </section>
  );
}

/** A postponed meeting's times, old → new, as the teacher decides on them. */
function MovedTimes({ previousWhen, when }: { previousWhen: string | null; when: string }) {
  return (
    <dl className="flex flex-col gap-1">
      {previousWhen && (
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-semibold">Ancien horaire :</dt>
          <dd>
            <s>{previousWhen}</s>
          </dd>
        </div>
      )}
      <div className="flex flex-wrap gap-x-2">
        <dt className="font-semibold">Nouvel horaire :</dt>
        <dd>{when}</dd>
      </div>
    </dl>
  );
}
