import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../../ui/Field.tsx';

/** One block of a profile page: a titled region whose form is saved on its own. */
export function Block({
  title,
  id,
  children,
  onSubmit,
  pending,
}: {
  title: string;
  id: string;
  children: ReactNode;
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
}) {
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-6">
      <form method="post" noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <h2 id={id}>{title}</h2>
        {children}
        <div>
          <Button type="submit" loading={pending}>
            Enregistrer
          </Button>
        </div>
      </form>
    </section>
  );
}

export function TextArea({
  label,
  value,
  onChange,
  error,
  hint,
  required,
  name,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: string;
  required?: boolean;
  /** The field's name in a plain HTML form post. */
  name?: string;
}) {
  const ids = useFieldIds();
  return (
    <Field ids={ids} label={label} error={error} hint={hint} required={required}>
      <textarea
        id={ids.controlId}
        name={name}
        required={required}
        rows={4}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        {...describedControlProps(ids, { error, hint })}
        className={controlClassName(Boolean(error), 'h-auto py-3')}
      />
    </Field>
  );
}
