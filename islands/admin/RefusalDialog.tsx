import { type FormEvent, useId, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { REFUSAL_REASON_MAX, refusalFormSchema } from '../../common/admin.ts';
import { elide } from '../../common/format.ts';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { Button } from '../ui/Button.tsx';
import { ConfirmStep } from '../ui/ConfirmStep.tsx';
import { cx, focusRing } from '../ui/cx.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Field, useFieldIds } from '../ui/Field.tsx';
import type { PlainPost } from './plain-post.ts';

/** The intent of a refusal's form, and the decision's name in the API (islands/admin/decisions.ts). */
export const REFUSE_INTENT = 'RefuseCompany';

const refusalTitle = (name: string) => `Refuser l’inscription ${elide('de', name)}`;
const REFUSE_LABEL = 'Refuser l’inscription';

/** Refusing a company asks for the reason its recruiters will read; what was typed stays on an error. */
export function RefusalDialog({
  company,
  busy,
  onClose,
  onConfirm,
}: {
  company: { id: string; name: string } | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (company: { id: string; name: string }, reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!company) return;
    const parsed = refusalFormSchema.safeParse({ reason });
    if (!parsed.success) return setError(fieldErrors(parsed.error).reason);
    setError(undefined);
    onConfirm(company, parsed.data.reason);
  };

  return (
    <Dialog
      open={company !== null}
      onClose={onClose}
      title={company ? refusalTitle(company.name) : ''}
      actions={
        <>
          <Button variant="outline" color="black" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" form={formId} color="error" loading={busy}>
            {REFUSE_LABEL}
          </Button>
        </>
      }
    >
      <form id={formId} method="post" noValidate onSubmit={submit} className="flex flex-col gap-3">
        <ReasonField reason={reason} error={error} onChange={setReason} />
      </form>
    </Dialog>
  );
}

/**
 * The same question asked by the page without JavaScript (its « Refuser » posted without `confirm=1`):
 * the reason is typed in place, and comes back with its message when refused.
 */
export function RefusalStep({
  company,
  plain,
  action,
  level,
}: {
  company: { id: string; name: string };
  plain: PlainPost;
  action: string;
  level?: 3 | 4;
}) {
  const [reason, setReason] = useState(plain.values.reason ?? '');
  return (
    <ConfirmStep
      id={`refuser-${company.id}`}
      title={refusalTitle(company.name)}
      level={level}
      confirmLabel={REFUSE_LABEL}
      cancelHref={plain.pageUrl}
      action={action}
      fields={{ intent: REFUSE_INTENT, id: company.id }}
    >
      {plain.alert && <FormAlert message={plain.alert} />}
      <ReasonField reason={reason} error={plain.errors.reason} onChange={setReason} />
    </ConfirmStep>
  );
}

function ReasonField({
  reason,
  error,
  onChange,
}: {
  reason: string;
  error: string | undefined;
  onChange: (reason: string) => void;
}) {
  const ids = useFieldIds();
  return (
    <Field
      ids={ids}
      label="Motif du refus"
      required
      error={error}
      hint="Il est envoyé par e-mail aux recruteurs de l’entreprise."
    >
      <textarea
        id={ids.controlId}
        name="reason"
        required
        rows={4}
        maxLength={REFUSAL_REASON_MAX}
        value={reason}
        onChange={(event) => onChange(event.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[ids.hintId, error ? ids.errorId : null].filter(Boolean).join(' ')}
        className={cx(
          'w-full rounded-lg border bg-white px-4 py-3 text-base text-dark',
          error ? 'border-2 border-error-text' : 'border-grey-text',
          focusRing,
        )}
      />
    </Field>
  );
}
