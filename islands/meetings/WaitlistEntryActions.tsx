import { type FormEvent, useState } from 'react';
import { agreeing, plural } from '../../common/format.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { WAITLIST_MESSAGES } from '../../common/waitlist.ts';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { CheckboxField } from '../ui/ChoiceGroup.tsx';

/** The teacher's open entry on a slot, as the page gives it (the expiry formatted in the slot's zone). */
export interface WaitlistEntryData {
  id: number;
  status: 'waiting' | 'offered';
  /** Rank among those waiting, from 1; 0 while seats are offered. */
  position: number;
  groupSize: number;
  /** "mardi 24 novembre 2026 à 09:00": until when the offer holds the seats. */
  expiresLabel: string | null;
  /** The extra seats a booking of the teacher waits for (docs/decisions/0048), not a group of its own. */
  forBooking?: boolean;
}

/** The leave form's intent among the page's others. */
export const WAITLIST_LEAVE_INTENT = 'leaveWaitlist';
/** An offer's two answers, the intents of its form's two buttons (pages/layout/waitlist-post.ts). */
export const WAITLIST_ACCEPT_INTENT = 'acceptWaitlistOffer';
export const WAITLIST_DECLINE_INTENT = 'declineWaitlistOffer';

/** An offer accepted: the booking it became, as the teacher reads it. */
export interface OfferBookedData {
  /** "mardi 24 novembre 2026, 09:00 – 10:30", in the slot's zone. */
  when: string;
  companyName: string;
  /** The meeting's page. */
  url: string;
}

/** An accept posted without JavaScript and refused: the charter's message, or why the offer is gone. */
export interface PostedOffer {
  errors: Record<string, string>;
  alert: string | null;
}

const LEAVE_WAITLIST = 'mutation LeaveWaitlist($id: ID!) { leaveWaitlist(id: $id) }';
const ACCEPT_WAITLIST_OFFER = `mutation AcceptWaitlistOffer($id: ID!, $acceptCharter: Boolean!) {
  acceptWaitlistOffer(id: $id, acceptCharter: $acceptCharter) { id }
}`;

const positionLabel = (position: number) =>
  position === 1
    ? 'Votre groupe est en tête de la liste d’attente.'
    : `Votre groupe est n° ${position} sur la liste d’attente.`;

/** What an accepted offer shows in its place: the booking, and the way to it. */
export function OfferBooked({ booked }: { booked: OfferBookedData }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl border-2 border-green-text bg-green-light p-4"
    >
      <p className="font-bold">
        Réservation confirmée : {booked.when}, chez {booked.companyName}.
      </p>
      <p>
        <a className="link font-semibold" href={booked.url}>
          Voir mon rendez-vous
        </a>
      </p>
    </div>
  );
}

/**
 * Where the teacher stands on one slot's waitlist and what they may do: leave the line, or answer the
 * offer (accept with the charter, or decline). Used on the slot's card and on the teacher's meetings page.
 */
export function WaitlistEntryActions({
  entry,
  when,
  companyName,
  pageUrl,
  slotId,
  posted = null,
  onLeft,
}: {
  entry: WaitlistEntryData;
  when: string;
  companyName: string;
  /** Where « Quitter la liste d’attente » posts before or without JavaScript. */
  pageUrl?: string;
  /** On the company page, the slot's id: the page comes back to it. */
  slotId?: number;
  /** This offer's accept, posted without JavaScript and refused. */
  posted?: PostedOffer | null;
  onLeft: (message: string) => void;
}) {
  const [charter, setCharter] = useState(false);
  const [charterError, setCharterError] = useState<string | undefined>(posted?.errors.acceptCharter);
  const [alert, setAlert] = useState<string | null>(posted?.alert ?? null);
  const [pending, setPending] = useState<'accept' | 'leave' | null>(null);
  const [bookedUrl, setBookedUrl] = useState<string | null>(null);
  const offered = entry.status === 'offered';

  async function leave() {
    setPending('leave');
    setAlert(null);
    try {
      await gqlRequest(LEAVE_WAITLIST, { id: String(entry.id) }, 'LeaveWaitlist');
      onLeft(offered ? WAITLIST_MESSAGES.declined : WAITLIST_MESSAGES.left);
    } catch (error) {
      setAlert(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
    } finally {
      setPending(null);
    }
  }

  async function accept(event: FormEvent) {
    event.preventDefault();
    if (!charter) {
      setCharterError(MESSAGES.acceptCharter);
      return;
    }
    setCharterError(undefined);
    setAlert(null);
    setPending('accept');
    try {
      const data = await gqlRequest<{ acceptWaitlistOffer: { id: string } }>(
        ACCEPT_WAITLIST_OFFER,
        { id: String(entry.id), acceptCharter: true },
        'AcceptWaitlistOffer',
      );
      setBookedUrl(`${ROUTES.meetingDetailsTeacher}?id=${data.acceptWaitlistOffer.id}`);
    } catch (error) {
      if (error instanceof GraphQLRequestError && error.code === 'charter_not_accepted') {
        setCharterError(error.message);
      } else {
        setAlert(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
      }
    } finally {
      setPending(null);
    }
  }

  if (bookedUrl) return <OfferBooked booked={{ when, companyName, url: bookedUrl }} />;

  if (!offered) {
    return (
      <div className="flex flex-col gap-3">
        <p>
          {positionLabel(entry.position)}{' '}
          {entry.forBooking
            ? `${plural(entry.groupSize, 'place demandée', 'places demandées')} en plus de votre réservation : ${agreeing(entry.groupSize, 'elle s’y ajoutera dès qu’elle se libérera', 'elles s’y ajouteront dès qu’elles se libéreront')}.`
            : `Groupe de ${plural(entry.groupSize, 'participant')}.`}
        </p>
        <FormAlert message={alert} />
        <form
          method="post"
          action={pageUrl}
          onSubmit={(event) => {
            event.preventDefault();
            void leave();
          }}
        >
          <input type="hidden" name="intent" value={WAITLIST_LEAVE_INTENT} />
          <input type="hidden" name="entryId" value={entry.id} />
          {slotId !== undefined && <input type="hidden" name="slotId" value={slotId} />}
          <Button type="submit" variant="outline" loading={pending === 'leave'}>
            Quitter la liste d’attente
          </Button>
        </form>
      </div>
    );
  }

  // Before or without JavaScript, the form posts to the page, its button naming the answer.
  return (
    <form
      method="post"
      action={pageUrl}
      noValidate
      onSubmit={accept}
      aria-label={`${agreeing(entry.groupSize, 'Place proposée', 'Places proposées')} le ${when} chez ${companyName}`}
      className="flex flex-col gap-4 rounded-xl border-2 border-orange bg-white p-4"
    >
      <p className="font-bold">
        {agreeing(entry.groupSize, 'Une place vous est proposée', 'Des places vous sont proposées')} jusqu’au{' '}
        {entry.expiresLabel} :{' '}
        {plural(entry.groupSize, 'place vous est réservée', 'places vous sont réservées')}.
      </p>
      <FormAlert message={alert} />
      <input type="hidden" name="entryId" value={entry.id} />
      {slotId !== undefined && <input type="hidden" name="slotId" value={slotId} />}
      <CheckboxField
        name="acceptCharter"
        required
        checked={charter}
        error={charterError}
        onChange={setCharter}
        label="J’ai lu et j’accepte la charte de bonne conduite"
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value={WAITLIST_ACCEPT_INTENT} loading={pending === 'accept'}>
          Accepter
        </Button>
        <Button
          type="submit"
          name="intent"
          value={WAITLIST_DECLINE_INTENT}
          variant="outline"
          loading={pending === 'leave'}
          onClick={(event) => {
            event.preventDefault();
            void leave();
          }}
        >
          Refuser
        </Button>
      </div>
    </form>
  );
}
