import { type ReactNode, useId } from 'react';
import { Button, type ButtonColor } from './Button.tsx';
import { cx } from './cx.ts';
import { HiddenFields } from './PostButton.tsx';

/**
 * What a confirmation dialog asks, asked by the page itself (docs/decisions/0082, 0089): a form posted
 * without JavaScript comes back as this step, in place, whose button posts it again with `confirm=1` and
 * whose « Annuler » is a link back to the page (`cancelHref`, without a fragment: from the step's own
 * address, a link with one would only scroll). `fields` are the form's hidden fields; `children` go inside
 * the form, before its buttons (what the dialog says, a reason to type).
 */
export function ConfirmStep({
  id,
  title,
  level = 3,
  confirmLabel,
  color = 'error',
  cancelHref,
  action,
  fields,
  children,
}: {
  id?: string;
  title: string;
  level?: 2 | 3 | 4 | 5;
  confirmLabel: string;
  color?: ButtonColor;
  cancelHref: string;
  /** Where the form posts: the page itself, at the step (its fragment). */
  action?: string;
  fields: Record<string, string>;
  children?: ReactNode;
}) {
  const titleId = useId();
  const Heading = `h${level}` as const;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      className={cx(
        'flex w-full scroll-mt-24 flex-col gap-3 rounded-lg border-2 bg-white p-4',
        color === 'error' ? 'border-error-text' : 'border-dark',
      )}
    >
      <Heading id={titleId} className="text-lg font-bold">
        {title}
      </Heading>
      <form method="post" action={action} noValidate className="flex flex-col gap-3">
        <HiddenFields fields={{ ...fields, confirm: '1' }} />
        {children}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" color={color}>
            {confirmLabel}
          </Button>
          <Button href={cancelHref} variant="outline" color="black">
            Annuler
          </Button>
        </div>
      </form>
    </section>
  );
}
