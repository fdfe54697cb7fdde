import { useState } from 'react';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { slotDeletionConsequences } from '../../common/slot-consequences.ts';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';

const DELETE_SLOT = 'mutation DeleteSlot($id: ID!) { deleteSlot(id: $id) }';

/** Where the browser goes once the slot is gone: the list, saying so. */
export const SLOT_DELETED_PATH = `${ROUTES.mySlots}?supprime=1`;

interface DeleteSlotProps {
  slotId: number;
  /** "mardi 14 avril 2026 à 09:00", in the slot's zone. */
  when: string;
  bookingsCount: number;
  seatsTaken: number;
  /** The teachers on its line (waiting or offered a seat): each is told it will not take place. */
  waitingCount: number;
}

/**
 * "Supprimer", then a confirmation that says how many bookings and waiting teachers it touches. Before the
 * island runs (or without JavaScript) the button is a link to the same confirmation as a page (/my-slots/
 * delete-slot), whose words are these (common/slot-consequences.ts).
 */
export function DeleteSlot({ slotId, when, bookingsCount, seatsTaken, waitingCount }: DeleteSlotProps) {
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
      <Button
        size="m"
        color="error"
        variant="outline"
        href={`${ROUTES.deleteSlot}?id=${slotId}`}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        Supprimer<span className="sr-only"> le créneau du {when}</span>
      </Button>
      <ConfirmDialog
        open={open}
        title="Supprimer ce créneau ?"
        confirmLabel="Supprimer le créneau"
        pending={pending}
        onCancel={close}
        onConfirm={confirm}
      >
        <div className="flex flex-col gap-3">
          <FormAlert message={alert} />
          <p>Le créneau du {when} sera supprimé.</p>
          {slotDeletionConsequences({ bookingsCount, seatsTaken, waitingCount }).map((sentence) => (
            <p key={sentence} className="font-semibold">
              {sentence}
            </p>
          ))}
          <p>Cette suppression est définitive.</p>
        </div>
      </ConfirmDialog>
    </>
  );
}
