import { useData } from 'vike-react/useData';
import { ROUTES } from '../../../common/routes.ts';
import { SLOT_MESSAGES } from '../../../common/slots.ts';
import { SlotFormPage } from '../SlotFormPage.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { form, documents } = useData<Data>();
  if (form) return <SlotFormPage title="Modifier le créneau" form={form} documents={documents} />;
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
