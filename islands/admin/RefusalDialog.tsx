import { type FormEvent, useId, useState } from 'react';
import { REFUSAL_REASON_MAX } from '../../common/admin.ts';
import { elide } from '../../common/format.ts';
import { MESSAGES } from '../../common/messages.ts';
import { Button } from '../ui/Button.tsx';
import { cx, focusRing } from '../ui/cx.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Field, useFieldIds } from '../ui/Field.tsx';

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
  const ids = useFieldIds();
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!company) return;
    const trimmed = reason.trim();
    if (!trimmed) return setError(MESSAGES.required);
    setError(undefined);
    onConfirm(company, trimmed);
  };

  return (
    <Dialog
      open={company !== null}
      onClose={onClose}
      title={company ? `Refuser l’inscription ${elide('de', company.name)}` : ''}
      actions={
        <>
          <Button variant="outline" color="black" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" form={formId} color="error" loading={busy}>
            Refuser l’inscription
          </Button>
        </>
      }
    >
      <form id={formId} method="post" noValidate onSubmit={submit} className="flex flex-col gap-3">
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
            onChange={(event) => setReason(event.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={[ids.hintId, error ? ids.errorId : null].filter(Boolean).join(' ')}
            className={cx(
              'w-full rounded-lg border bg-white px-4 py-3 text-base text-dark',
              error ? 'border-2 border-error-text' : 'border-grey-text',
              focusRing,
            )}
          />
        </Field>
      </form>
    </Dialog>
  );
}
