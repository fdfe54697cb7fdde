import { ROUTES } from '../../common/routes.ts';
import { Button } from '../ui/Button.tsx';
import { CheckboxField } from '../ui/ChoiceGroup.tsx';

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
          J'ai lu et j'accepte les{' '}
          <a className="link" href={ROUTES.cgu} target="_blank" rel="noreferrer">
            conditions générales d'utilisation
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
