import { useState } from 'react';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';

const DELETE_SLOT = 'mutation DeleteSlot($id: ID!) { deleteSlot(id: $id) }';

/** Where the browser goes once the slot is gone: the list, saying so. */
export const SLOT_DELETED_PATH = `${ROUTES.mySlots}?supprime=1`;

interface DeleteSlotProps {
  slotId: number;
  /** "mardi 14 avril 2026 à 09:00", in the slot's zone. */
  when: string;
  bookingsCount: number;
  seatsTaken: number;
}

/** What deleting does to the bookings, said before it is done (PRODUCT.md, Slots). */
function deletionConsequence(bookingsCount: number, seatsTaken: number): string {
  if (bookingsCount === 0) return "Personne n'a encore réservé ce créneau.";
  const seats = seatsTaken > 1 ? `${seatsTaken} places` : '1 place';
  return bookingsCount > 1
    ? `Les ${bookingsCount} réservations (${seats}) seront annulées et les enseignants prévenus par e-mail.`
    : `La réservation (${seats}) sera annulée et l'enseignant prévenu par e-mail.`;
}

/** "Supprimer", then a confirmation that says how many bookings will be cancelled. */
export function DeleteSlot({ slotId, when, bookingsCount, seatsTaken }: DeleteSlotProps) {
  const [open, setOpen] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function close() {
    if (pending) return;
    setOpen(false);
    setAlert(null);
  }

  async function confirm() {
    setAlert(null);
    setPending(true);
    try {
      await gqlRequest(DELETE_SLOT, { id: slotId }, 'DeleteSlot');
      window.location.assign(SLOT_DELETED_PATH);
    } catch (error) {
      setPending(false);
      setAlert(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
    }
  }

  return (
    <>
      <Button size="m" color="error" variant="outline" onClick={() => setOpen(true)}>
        Supprimer<span className="sr-only"> le créneau du {when}</span>
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Supprimer ce créneau ?"
        actions={
          <>
            <Button variant="outline" color="black" onClick={close} disabled={pending}>
              Annuler
            </Button>
            <Button color="error" loading={pending} onClick={confirm}>
              Supprimer le créneau
            </Button>
          </>
        }
      >
        <div className="flex flex-col gap-3">
          <FormAlert message={alert} />
          <p>Le créneau du {when} sera supprimé.</p>
          <p className={bookingsCount > 0 ? 'font-semibold' : undefined}>
            {deletionConsequence(bookingsCount, seatsTaken)}
          </p>
          <p>Cette suppression est définitive.</p>
        </div>
      </Dialog>
    </>
  );
}
