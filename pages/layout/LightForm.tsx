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
  children,
}: {
  rules: LightFormName;
  className?: string;
  children: ReactNode;
}) {
  return (
    <form method="post" noValidate data-light-form={rules} className={className}>
      {children}
    </form>
  );
}

/** The form's submit button, and beside it the busy look it takes while the post is on its way. */
export function LightSubmit({
  size,
  color,
  children,
}: {
  size?: ButtonSize;
  color?: ButtonColor;
  children: ReactNode;
}) {
  return (
    <>
      <Button type="submit" size={size} color={color}>
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
