import { useData } from 'vike-react/useData';
import { ROUTES } from '../../../common/routes.ts';
import { SLOT_MESSAGES } from '../../../common/slots.ts';
import { SlotFormPage } from '../SlotFormPage.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { form, documents, roomMissing } = useData<Data>();
  if (form) {
    return (
      <SlotFormPage
        title="Modifier le créneau"
        form={form}
        documents={documents}
        notice={
          roomMissing && (
            <p
              className="rounded-lg border-2 border-warning bg-yellow-light p-4 font-semibold"
              data-testid="room-missing"
            >
              Ce webinaire n’a pas de lien de visioconférence et la salle de Passerelle Industrie n’est pas
              disponible : les classes inscrites ne pourraient pas le rejoindre. Indiquez votre lien
              ci-dessous.
            </p>
          )
        }
      />
    );
  }
  return (
    <div className="page flex max-w-3xl flex-col gap-4">
      <h1>Modifier le créneau</h1>
      <p>{SLOT_MESSAGES.pastSlotLocked}</p>
      <p>
        <a className="link" href={ROUTES.mySlots}>
          Retour à mes créneaux
        </a>
      </p>
    </div>
  );
}
