import { ROUTES } from '../../common/routes.ts';
import { Island } from '../../islands/Island.tsx';
import type { SlotFormProps } from '../../islands/slots/SlotForm.tsx';
import { SlotForm } from '../../islands/slots/SlotForm.tsx';

/** The one screen of the spec for a new slot and an edited one (section 2: "same screen as new slot"). */
export function SlotFormPage({ title, form }: { title: string; form: SlotFormProps }) {
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <p>
        <a className="link" href={ROUTES.mySlots}>
          Retour à mes créneaux
        </a>
      </p>
      <h1>{title}</h1>
      <Island name="SlotForm" component={SlotForm} props={form} />
    </div>
  );
}
