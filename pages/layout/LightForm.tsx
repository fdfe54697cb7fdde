import type { ReactNode } from 'react';
import type { LightFormName } from '../../islands/light-forms.ts';
import { Button, type ButtonColor, type ButtonSize } from '../../islands/ui/Button.tsx';

/**
 * A light form (docs/decisions/0092): a plain HTML form posted to its page, whose fields the browser checks
 * with the rules named `rules` before it leaves (islands/light-forms.ts), without React. Its page's
 * `+client.ts` calls `enhanceLightForms()`.
 */
export function LightForm({
  rules,
  className,
  labelledBy,
  children,
}: {
  rules: LightFormName;
  className?: string;
  labelledBy?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" noValidate data-light-form={rules} className={className} aria-labelledby={labelledBy}>
      {children}
    </form>
  );
}

/** The form's submit button, and beside it the busy look it takes while the post is on its way. */
export function LightSubmit({
  size,
  color,
  name,
  value,
  children,
}: {
  size?: ButtonSize;
  color?: ButtonColor;
  /** What the button posts (a wizard's `intent`), beside the form's fields. */
  name?: string;
  value?: string;
  children: ReactNode;
}) {
  return (
    <>
      <Button type="submit" size={size} color={color} name={name} value={value}>
        {children}
      </Button>
      <template data-light-busy="">
        <Button type="submit" size={size} color={color} loading>
          {children}
        </Button>
      </template>
    </>
  );
}
