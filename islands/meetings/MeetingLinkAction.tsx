import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { formatSlotStart } from '../../common/format.ts';
import type { MeetingLinkAction as Action, MeetingSide } from '../../common/meetings.ts';
import { MESSAGES } from '../../common/messages.ts';
import { cancelMeetingSchema } from '../../common/slots.ts';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { TextArea } from '../accounts/profile/ProfileBlock.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';

const CONFIRM_FROM_LINK = `mutation ConfirmMeetingFromLink($token: String!) {
  confirmMeetingFromLink(token: $token) { confirmedAt alreadyConfirmed }
}`;
const RELEASE_FROM_LINK = `mutation ReleaseMeetingFromLink($token: String!, $reason: String) {
  releaseMeetingFromLink(token: $token, reason: $reason)
}`;

interface MeetingLinkActionProps {
  token: string;
  action: Action;
  side: MeetingSide;
  timeZone: string;
}

/** After the button: what happened, in French. */
function doneMessage(
  action: Action,
  side: MeetingSide,
  confirmation: { confirmedAt: string; alreadyConfirmed: boolean } | null,
  timeZone: string,
) {
  if (confirmation?.alreadyConfirmed) {
    return `Vous aviez déjà confirmé votre présence le ${formatSlotStart(confirmation.confirmedAt, timeZone)}.`;
  }
  if (action === 'confirm') {
    return `Merci : votre présence est confirmée. ${side === 'teacher' ? 'L’entreprise' : 'L’enseignant'} le verra sur le rendez-vous.`;
  }
  return side === 'teacher'
    ? 'Le rendez-vous est annulé et les places sont libérées. L’entreprise a été prévenue par e-mail.'
    : 'Le rendez-vous est annulé. L’enseignant a été prévenu par e-mail.';
}

/**
 * The button of a reminder's link page (docs/decisions/0040): the page, opened by a GET, only says what
 * will happen; this button does it (a GraphQL mutation carrying the signed token, no login). Releasing
 * takes an optional reason, told to the other side as a cancellation's is.
 */
export function MeetingLinkAction({ token, action, side, timeZone }: MeetingLinkActionProps) {
  const [pending, setPending] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const doneRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    try {
      if (action === 'confirm') {
        setPending(true);
        const data = await gqlRequest<{
          confirmMeetingFromLink: { confirmedAt: string; alreadyConfirmed: boolean };
        }>(CONFIRM_FROM_LINK, { token }, 'ConfirmMeetingFromLink');
        setDone(doneMessage(action, side, data.confirmMeetingFromLink, timeZone));
      } else {
        const parsed = cancelMeetingSchema.safeParse({ reason });
        if (!parsed.success) return setReasonError(fieldErrors(parsed.error).reason);
        setReasonError(undefined);
        setPending(true);
        await gqlRequest(
          RELEASE_FROM_LINK,
          { token, reason: parsed.data.reason ?? null },
          'ReleaseMeetingFromLink',
        );
        setDone(doneMessage(action, side, null, timeZone));
      }
    } catch (error) {
      setAlert(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <p
        ref={doneRef}
        tabIndex={-1}
        role="status"
        className="rounded-lg border-2 border-green-text bg-green-light p-4 font-medium"
      >
        {done}
      </p>
    );
  }
  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FormAlert message={alert} />
      {action === 'release' && (
        <TextArea
          label="Motif (facultatif)"
          hint={`Il sera transmis ${side === 'teacher' ? 'à l’entreprise' : 'à l’enseignant'}.`}
          value={reason}
          onChange={setReason}
          error={reasonError}
        />
      )}
      <Button type="submit" size="xl" color={action === 'release' ? 'error' : 'purple'} loading={pending}>
        {action === 'confirm'
          ? 'Je confirme ma présence'
          : side === 'teacher'
            ? 'Annuler le rendez-vous et libérer les places'
            : 'Annuler le rendez-vous'}
      </Button>
    </form>
  );
}
