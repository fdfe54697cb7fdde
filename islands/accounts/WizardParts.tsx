import type { Ref } from 'react';
import { ROUTES } from '../../common/routes.ts';
import { Button } from '../ui/Button.tsx';
import { CheckboxField } from '../ui/ChoiceGroup.tsx';
import { Listbox } from '../ui/Listbox.tsx';

/** The last step of both sign-ups: the terms, which must be ticked (spec, section 5). */
export function TermsCheckbox({
  checked,
  onChange,
  error,
}: {
  checked: boolean;
  onChange(checked: boolean): void;
  error?: string;
}) {
  return (
    <CheckboxField
      name="acceptTerms"
      required
      checked={checked}
      onChange={onChange}
      error={error}
      label={
        <>
          J’ai lu et j’accepte les{' '}
          <a className="link" href={ROUTES.cgu} target="_blank" rel="noreferrer">
            conditions générales d’utilisation
          </a>
        </>
      }
    />
  );
}

/** "Retour" (from the second step on) and the step's submit button. */
export function WizardNavigation({
  onBack,
  submitLabel,
  pending,
}: {
  onBack: (() => void) | null;
  submitLabel: string;
  pending: boolean;
}) {
  return (
    <div className="flex flex-wrap justify-between gap-3">
      {onBack ? (
        <Button variant="outline" onClick={onBack}>
          Retour
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}

/** "Étape N sur M" and the step's title, which takes the focus when the step changes. */
export function StepHeading({
  index,
  total,
  title,
  headingRef,
}: {
  index: number;
  total: number;
  title: string;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <div>
      <p className="text-sm font-semibold text-grey-text">
        Étape {index + 1} sur {total}
      </p>
      <h2 ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
    </div>
  );
}

/** The first step of both sign-ups: the department, open or not. */
export function DepartmentListbox({
  label,
  departments,
  value,
  onChange,
  error,
}: {
  label: string;
  departments: readonly { code: string; name: string }[];
  value: string;
  onChange(code: string): void;
  error?: string;
}) {
  return (
    <Listbox
      label={label}
      name="departmentCode"
      required
      options={departments.map((d) => ({ value: d.code, label: `${d.code} — ${d.name}` }))}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
