import type { Ref } from 'react';
import { ROUTES } from '../../common/routes.ts';
import { Button } from '../ui/Button.tsx';
import { CheckboxField } from '../ui/ChoiceGroup.tsx';
import { Listbox } from '../ui/Listbox.tsx';

/**
 * A sign-up's steps as plain forms (docs/decisions/0087): each posts its `intent` (« Continuer » or
 * « Retour »), the step it shows, the other steps' values as hidden inputs and the password an earlier step
 * was given, sealed by the server.
 */
export const WIZARD_FIELDS = { intent: 'intent', step: 'step', passwordSeal: 'passwordSeal' } as const;
export const WIZARD_NEXT = 'next';
export const WIZARD_BACK = 'back';

/** Inputs as a form posts them, name and value, a name repeated for each box of a group ticked. */
export type PostedInputs = (readonly [string, string])[];

/** What a step's form carries of the others: the step shown, their values, the sealed password. */
export function WizardCarried({
  step,
  fields,
  passwordSeal,
}: {
  step: string;
  fields: PostedInputs;
  passwordSeal: string | null;
}) {
  return (
    <>
      <input type="hidden" name={WIZARD_FIELDS.step} value={step} />
      {fields.map(([name, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a name repeats (the levels ticked), in a fixed order.
        <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
      ))}
      {passwordSeal && <input type="hidden" name={WIZARD_FIELDS.passwordSeal} value={passwordSeal} />}
    </>
  );
}

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

/**
 * The step's submit button and « Retour » (from the second step on), which posts the step too, so that what
 * was typed is kept; with JavaScript it goes back at once. The submit comes first in the page, so that Enter
 * in a field submits the step; « Retour » is shown on its left.
 */
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
    <div className="flex flex-row-reverse flex-wrap justify-between gap-3">
      <Button type="submit" name={WIZARD_FIELDS.intent} value={WIZARD_NEXT} loading={pending}>
        {submitLabel}
      </Button>
      {onBack && <BackButton onBack={onBack}>Retour</BackButton>}
    </div>
  );
}

/** Back to another step: posted without JavaScript (values kept, none checked), at once with it. */
export function BackButton({ onBack, children }: { onBack: () => void; children: string }) {
  return (
    <Button
      type="submit"
      name={WIZARD_FIELDS.intent}
      value={WIZARD_BACK}
      formNoValidate
      variant="outline"
      onClick={(event) => {
        event.preventDefault();
        onBack();
      }}
    >
      {children}
    </Button>
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
