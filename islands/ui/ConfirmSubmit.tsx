import { useRef, useState } from 'react';
import { Button } from './Button.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/**
 * The submit button of a plain form whose action asks first (docs/decisions/0082): hydrated, it opens the
 * confirmation dialog and posts the form with `confirm=1`; before that (or without JavaScript) it posts
 * without it, and the page answers with a confirmation step of its own.
 */
export function ConfirmSubmit({
  label,
  title,
  confirmLabel,
  paragraphs,
}: {
  label: string;
  title: string;
  confirmLabel: string;
  paragraphs: string[];
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const confirmField = useRef<HTMLInputElement>(null);

  function confirm() {
    const field = confirmField.current;
    if (!field?.form) return;
    field.value = '1';
    setPending(true);
    field.form.submit();
  }

  return (
    <>
      <input ref={confirmField} type="hidden" name="confirm" defaultValue="" />
      <Button
        type="submit"
        variant="outline"
        color="error"
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        pending={pending}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
      >
        <div className="flex flex-col gap-3">
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </ConfirmDialog>
    </>
  );
}
