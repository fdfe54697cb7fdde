import type { ReactNode } from 'react';
import { ROUTES } from '../../../common/routes.ts';
import { FormAlert } from '../../../islands/accounts/FormAlert.tsx';
import {
  type PostedInputs,
  WIZARD_BACK,
  WIZARD_FIELDS,
  WIZARD_NEXT,
} from '../../../islands/accounts/sign-up-steps.ts';
import type { LightFormName } from '../../../islands/light-forms.ts';
import { Button } from '../../../islands/ui/Button.tsx';
import { CheckboxField } from '../../../islands/ui/ChoiceGroup.tsx';
import { Listbox } from '../../../islands/ui/Listbox.tsx';
import { LightForm, LightSubmit } from '../LightForm.tsx';

/**
 * The parts of both sign-ups' steps, rendered on the server (docs/decisions/0087, 0094): each step is a light
 * form posted to its page, which answers with the next step, the same step and its messages, or the result.
 */

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
export function TermsCheckbox({ checked, error }: { checked: boolean; error?: string }) {
  return (
    <CheckboxField
      name="acceptTerms"
      required
      checked={checked}
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
 * The step's submit button and « Retour » (from the second step on), which posts the step too, unchecked, so
 * that what was typed is kept. The submit comes first in the page, so that Enter in a field submits the step;
 * « Retour » is shown on its left.
 */
function WizardNavigation({ back, submitLabel }: { back: boolean; submitLabel: string }) {
  return (
    <div className="flex flex-row-reverse flex-wrap justify-between gap-3">
      <LightSubmit name={WIZARD_FIELDS.intent} value={WIZARD_NEXT}>
        {submitLabel}
      </LightSubmit>
      {back && <BackButton>Retour</BackButton>}
    </div>
  );
}

/** Back to another step: posted unchecked, the values kept. */
export function BackButton({ children }: { children: string }) {
  return (
    <Button type="submit" name={WIZARD_FIELDS.intent} value={WIZARD_BACK} formNoValidate variant="outline">
      {children}
    </Button>
  );
}

/**
 * "Étape N sur M" and the step's title, which takes the focus when the step follows a post (islands/light-form.ts):
 * keyboard and screen-reader users start there.
 */
function StepHeading({
  index,
  total,
  title,
  focus,
}: {
  index: number;
  total: number;
  title: string;
  focus: boolean;
}) {
  return (
    <div>
      <p className="text-sm font-semibold text-grey-text">
        Étape {index + 1} sur {total}
      </p>
      <h2 tabIndex={-1} data-light-focus={focus ? '' : undefined}>
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
  error,
}: {
  label: string;
  departments: readonly { code: string; name: string }[];
  value: string;
  error?: string;
}) {
  return (
    <Listbox
      label={label}
      name="departmentCode"
      required
      options={departments.map((d) => ({ value: d.code, label: `${d.code} — ${d.name}` }))}
      defaultValue={value}
      error={error}
    />
  );
}

/**
 * A step of a sign-up as its page renders it: « Étape N sur M » and its title, the refusal the page gave, the
 * other steps' values, the step's fields, « Continuer » (or the last step's label) and « Retour ».
 */
export function StepForm({
  rules,
  index,
  total,
  title,
  posted,
  alert,
  carried,
  submitLabel,
  children,
}: {
  rules: LightFormName;
  index: number;
  total: number;
  title: string;
  /** The step follows a post of the wizard: its title takes the focus. */
  posted: boolean;
  alert: string | null;
  carried: ReactNode;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <LightForm rules={rules} className="flex flex-col gap-6">
      <StepHeading index={index} total={total} title={title} focus={posted} />
      <FormAlert message={alert} />
      {carried}
      {children}
      <WizardNavigation back={index > 0} submitLabel={submitLabel} />
    </LightForm>
  );
}
