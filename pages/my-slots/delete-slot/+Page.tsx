import { useData } from 'vike-react/useData';
import { ROUTES } from '../../../common/routes.ts';
import { slotDeletionConsequences } from '../../../common/slot-consequences.ts';
import { FormAlert } from '../../../islands/accounts/FormAlert.tsx';
import { Button } from '../../../islands/ui/Button.tsx';
import { Card } from '../../../islands/ui/Card.tsx';
import { SlotFacts, SlotHeading, slotWhen } from '../SlotSummary.tsx';
import type { Data } from './+data.ts';

/** The deletion's confirmation as a page: what it touches, counted, then « Supprimer le créneau ». */
export default function Page() {
  const { slot, waitingCount, alert } = useData<Data>();
  if (slot.started) {
    return (
      <div className="page flex max-w-3xl flex-col gap-4">
        <h1>Supprimer le créneau</h1>
        <p>Ce créneau a commencé : il ne peut plus être supprimé.</p>
        <p>
          <a className="link" href={ROUTES.mySlots}>
            Retour à mes créneaux
          </a>
        </p>
      </div>
    );
  }
  const consequences = slotDeletionConsequences({
    bookingsCount: slot.bookingsCount,
    seatsTaken: slot.seatsTaken,
    waitingCount,
  });
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <p>
        <a className="link" href={ROUTES.mySlots}>
          Retour à mes créneaux
        </a>
      </p>
      <h1>Supprimer ce créneau ?</h1>
      <FormAlert message={alert} />
      <Card className="flex flex-col gap-4">
        <SlotHeading slot={slot} />
        <SlotFacts slot={{ ...slot, waitlistLength: waitingCount }} />
      </Card>
      <section aria-labelledby="deletion-consequences" className="flex flex-col gap-3">
        <h2 id="deletion-consequences">Ce que la suppression entraîne</h2>
        <ul className="flex list-disc flex-col gap-2 pl-6">
          {consequences.map((sentence) => (
            <li key={sentence} className="font-semibold">
              {sentence}
            </li>
          ))}
        </ul>
        <p>Le créneau du {slotWhen(slot)} sera supprimé. Cette suppression est définitive.</p>
      </section>
      <form method="post" className="flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value="delete" />
        <Button type="submit" color="error">
          Supprimer le créneau
        </Button>
        <Button href={ROUTES.mySlots} variant="outline" color="black">
          Annuler
        </Button>
      </form>
    </div>
  );
}
