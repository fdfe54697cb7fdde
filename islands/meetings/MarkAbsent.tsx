import { useEffect, useId, useRef, useState } from 'react';
import { ABSENCE_WINDOW_DAYS } from '../../common/feedback.ts';
import { formatSlotDate } from '../../common/format.ts';
import { MESSAGES } from '../../common/messages.ts';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';

export interface MarkAbsentProps {
  meetingId: number;
  absent: boolean;
  /** After the end, within the window, while not said yet. */
  canMarkAbsent: boolean;
  endsAt: string;
  timeZone: string;
}

const MARK_ABSENT = 'mutation MarkAbsent($id: ID!) { markAbsent(meetingId: $id) { id absent } }';

const DAY_MS = 86_400_000;

/**
 * The company says, after the meeting, that the booked group did not come (a no-show), within
 * ABSENCE_WINDOW_DAYS and after a confirmation: the teacher is told and the absence counts in the
 * platform's statistics.
 */
export function MarkAbsent({ meetingId, canMarkAbsent, endsAt, timeZone, ...props }: MarkAbsentProps) {
  const headingId = useId();
  const [absent, setAbsent] = useState(props.absent);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const deadline = formatSlotDate(
    new Date(new Date(endsAt).getTime() + ABSENCE_WINDOW_DAYS * DAY_MS),
    timeZone,
  );

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  async function confirm() {
    setPending(true);
    setAlert(null);
    try {
      await gqlRequest(MARK_ABSENT, { id: String(meetingId) }, 'MarkAbsent');
      setAbsent(true);
      setOpen(false);
      setDone(true);
    } catch (error) {
      setAlert(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
    } finally {
      setPending(false);
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-2xl bg-white p-6">
      <h2 id={headingId}>Présence du groupe</h2>
      {absent ? (
        <p
          ref={doneRef}
          tabIndex={-1}
          role={done ? 'status' : undefined}
          className="rounded-lg border-2 border-yellow-text bg-yellow-light p-4 font-medium"
        >
          Vous avez signalé que le groupe n’est pas venu. L’enseignant en a été prévenu par e-mail.
        </p>
      ) : canMarkAbsent ? (
        <div className="flex flex-col items-start gap-3">
          <p>
            Le groupe n’est pas venu ? Signalez-le jusqu’au {deadline} : l’enseignant sera prévenu et
            l’absence comptera dans les statistiques de la plateforme.
          </p>
          <Button variant="outline" color="black" onClick={() => setOpen(true)}>
            Signaler l’absence du groupe
          </Button>
        </div>
      ) : (
        <p>Le groupe est venu : aucune absence n’a été signalée.</p>
      )}
      <Dialog
        open={open}
        onClose={() => !pending && setOpen(false)}
        title="Signaler l’absence du groupe ?"
        actions={
          <>
            <Button variant="outline" color="black" onClick={() => setOpen(false)} disabled={pending}>
              Annuler
            </Button>
            <Button color="error" loading={pending} onClick={confirm}>
              Confirmer l’absence
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          <FormAlert message={alert} />
          <p>
            L’enseignant sera prévenu par e-mail que son groupe n’est pas venu, et l’absence comptera dans les
            statistiques de la plateforme. Vous ne pourrez pas revenir dessus.
          </p>
        </div>
      </Dialog>
    </section>
  );
}
