import type { ReactNode } from 'react';
import type { VisitDocumentItem } from '../../common/documents.ts';
import { ROUTES } from '../../common/routes.ts';
import { VisitDocuments } from '../../islands/companies/VisitDocuments.tsx';
import { Island } from '../../islands/Island.tsx';
import type { SlotFormProps } from '../../islands/slots/SlotForm.tsx';
import { SlotForm } from '../../islands/slots/SlotForm.tsx';

/** The one screen of the spec for a new slot and an edited one (section 2: "same screen as new slot"). */
export function SlotFormPage({
  title,
  form,
  documents,
  notice,
}: {
  title: string;
  /** Said above the form (a webinar nobody could join yet). */
  notice?: ReactNode;
  form: SlotFormProps;
  /** An existing slot's documents, managed beside the form; a new slot gets them once saved. */
  documents?: VisitDocumentItem[];
}) {
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <p>
        <a className="link" href={ROUTES.mySlots}>
          Retour à mes créneaux
        </a>
      </p>
      <h1>{title}</h1>
      {notice}
      <Island name="SlotForm" component={SlotForm} props={form} />
      {documents && form.slot && (
        <Island
          name="VisitDocuments"
          component={VisitDocuments}
          props={{ documents, shelf: 'slot', slotId: form.slot.id }}
        />
      )}
    </div>
  );
}
