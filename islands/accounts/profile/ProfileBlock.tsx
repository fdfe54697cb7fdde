import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../ui/Button.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../../ui/Field.tsx';
import { FormAlert } from '../FormAlert.tsx';
import { BLOCK_SAVED, type PlainBlocks, postedTo } from './useBlockForm.ts';

/**
 * One block of a profile page: a titled region whose form is saved on its own. Without JavaScript it posts
 * to the page (`intent` is its id, pages/layout/block-post.ts), which says here that it was saved, or why not.
 */
export function Block({
  title,
  id,
  children,
  onSubmit,
  pending,
  plain,
}: {
  title: string;
  id: string;
  children: ReactNode;
  onSubmit: (event: FormEvent) => void;
  pending: boolean;
  plain?: PlainBlocks | null | undefined;
}) {
  const alert = postedTo(plain, id)?.alert;
  return (
    <section aria-labelledby={id} className="rounded-xl bg-white p-6">
      <form method="post" action={`#${id}`} noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <input type="hidden" name="intent" value={id} />
        <h2 id={id} className="scroll-mt-24">
          {title}
        </h2>
        {plain?.saved === id && (
          <p role="status" className="rounded-lg bg-green-light p-3 font-semibold text-green-text">
            {BLOCK_SAVED}
          </p>
        )}
        {alert && <FormAlert message={alert} />}
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
