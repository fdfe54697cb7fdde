import type { ComponentProps, MouseEvent, ReactNode } from 'react';
import { cx, focusRing } from './cx.ts';
import { LoadingDots } from './LoadingDots.tsx';

export type ButtonSize = 'm' | 'xl' | 'default';
export type ButtonColor =
  | 'orange'
  | 'plainPurple'
  | 'blue'
  | 'purple'
  | 'green'
  | 'grey'
  | 'white'
  | 'yellow'
  | 'error'
  | 'black';
export type ButtonVariant = 'secondary' | 'plain' | 'outline' | 'link' | 'default';

interface ButtonOwnProps {
  size?: ButtonSize;
  color?: ButtonColor;
  variant?: ButtonVariant;
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
}

type ButtonElementProps = ButtonOwnProps &
  Omit<ComponentProps<'button'>, keyof ButtonOwnProps> & { href?: undefined };
type LinkElementProps = ButtonOwnProps & Omit<ComponentProps<'a'>, keyof ButtonOwnProps> & { href: string };
export type ButtonProps = ButtonElementProps | LinkElementProps;

interface ColorClasses {
  /** filled background with its readable text colour */
  solid: string;
  /** text colour readable on white and on `tint` */
  text: string;
  tint: string;
  hoverTint: string;
}

/** `white` is for dark surfaces: its outline, plain and link variants write white text. */
const colors: Record<ButtonColor, ColorClasses> = {
  orange: {
    solid: 'bg-orange text-dark',
    text: 'text-orange-text',
    tint: 'bg-orange-light',
    hoverTint: 'hover:bg-orange-light',
  },
  plainPurple: {
    solid: 'bg-purple-dark text-white',
    text: 'text-purple-dark',
    tint: 'bg-purple-light',
    hoverTint: 'hover:bg-purple-light',
  },
  blue: {
    solid: 'bg-blue text-white',
    text: 'text-blue',
    tint: 'bg-blue-light',
    hoverTint: 'hover:bg-blue-light',
  },
  purple: {
    solid: 'bg-purple text-white',
    text: 'text-purple',
    tint: 'bg-purple-light',
    hoverTint: 'hover:bg-purple-light',
  },
  green: {
    solid: 'bg-green text-dark',
    text: 'text-green-text',
    tint: 'bg-green-light',
    hoverTint: 'hover:bg-green-light',
  },
  grey: {
    solid: 'bg-grey text-dark',
    text: 'text-grey-text',
    tint: 'bg-grey-light',
    hoverTint: 'hover:bg-grey',
  },
  white: {
    solid: 'bg-white text-dark',
    text: 'text-white',
    tint: 'bg-white/15',
    hoverTint: 'hover:bg-white/15',
  },
  yellow: {
    solid: 'bg-yellow text-dark',
    text: 'text-yellow-text',
    tint: 'bg-yellow-light',
    hoverTint: 'hover:bg-yellow-light',
  },
  error: {
    solid: 'bg-error text-dark',
    text: 'text-error-text',
    tint: 'bg-error-light',
    hoverTint: 'hover:bg-error-light',
  },
  black: {
    solid: 'bg-dark text-white',
    text: 'text-dark',
    tint: 'bg-grey-light',
    hoverTint: 'hover:bg-grey',
  },
};

/** A label too long for its line wraps centred, with room above and below (the landing's on a phone). */
const sizes: Record<ButtonSize, string> = {
  m: 'min-h-10 px-4 py-1.5 text-sm',
  default: 'min-h-12 px-6 py-2 text-base',
  xl: 'min-h-14 px-8 py-2 text-lg',
};

function variantClasses(variant: ButtonVariant, color: ColorClasses): string {
  switch (variant) {
    case 'default':
      return cx(color.solid, 'hover:brightness-95');
    case 'secondary':
      return cx(color.tint, color.text, 'hover:brightness-95');
    case 'outline':
      return cx(color.text, color.hoverTint, 'border-2 border-current');
    case 'plain':
      return cx(color.text, color.hoverTint);
    case 'link':
      return cx(color.text, 'underline underline-offset-4 hover:decoration-2');
  }
}

export function buttonClassName({
  size = 'default',
  color = 'purple',
  variant = 'default',
  inactive = false,
  className,
}: Pick<ButtonOwnProps, 'size' | 'color' | 'variant' | 'className'> & { inactive?: boolean }): string {
  return cx(
    'relative inline-flex items-center justify-center gap-2 text-center font-semibold transition-[filter,background-color]',
    variant === 'link' ? 'rounded-sm' : cx('rounded-full', sizes[size]),
    variantClasses(variant, colors[color]),
    inactive && 'cursor-not-allowed opacity-60 hover:brightness-100',
    focusRing,
    className,
  );
}

export function Button(props: ButtonProps) {
  const { size, color, variant, loading = false, disabled = false, className, children, ...rest } = props;
  const classes = buttonClassName({ size, color, variant, className, inactive: disabled });
  const content = loading ? (
    <>
      <span className="opacity-0">{children}</span>
      <span className="absolute inset-0 flex items-center justify-center">
        <LoadingDots color="current" />
      </span>
    </>
  ) : (
    children
  );

  if (rest.href !== undefined) {
    const { href, onClick, ...anchorRest } = rest as LinkElementProps;
    // An anchor cannot be disabled: without href it leaves the tab order, and role keeps it announced as a link.
    const unavailable = disabled || loading;
    return (
      <a
        {...anchorRest}
        href={unavailable ? undefined : href}
        role={unavailable ? 'link' : undefined}
        aria-disabled={unavailable || undefined}
        aria-busy={loading || undefined}
        onClick={unavailable ? undefined : onClick}
        className={classes}
      >
        {content}
      </a>
    );
  }

  const { type = 'button', onClick, ...buttonRest } = rest as ButtonElementProps;
  // While loading, the button keeps focus (aria-disabled, not disabled) but ignores clicks.
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <button
      {...buttonRest}
      type={type}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
      className={classes}
    >
      {content}
    </button>
  );
}
