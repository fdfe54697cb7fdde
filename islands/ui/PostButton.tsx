import type { ReactNode } from 'react';
import { Button, type ButtonColor, type ButtonSize, type ButtonVariant } from './Button.tsx';

/** A plain form's hidden fields, by name. */
export function HiddenFields({ fields }: { fields: Record<string, string> }) {
  return Object.entries(fields).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
}

/**
 * A button that is a plain form of its own, posting `fields` to its page (at `action`, its fragment) before
 * the island hydrates or without JavaScript; hydrated, a press runs `onPress` instead (a dialog, the API).
 */
export function PostButton({
  action,
  fields,
  onPress,
  children,
  ...button
}: {
  action?: string;
  fields: Record<string, string>;
  onPress: () => void;
  children: ReactNode;
  color?: ButtonColor;
  variant?: ButtonVariant;
  size?: ButtonSize;
  disabled?: boolean;
  loading?: boolean;
}) {
  return (
    <form method="post" action={action}>
      <HiddenFields fields={fields} />
      <Button
        type="submit"
        {...button}
        onClick={(event) => {
          event.preventDefault();
          onPress();
        }}
      >
        {children}
      </Button>
    </form>
  );
}
