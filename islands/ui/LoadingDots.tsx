import { cx } from './cx.ts';

/** `current` takes the surrounding text colour, so a dot always matches the button it sits in. */
export type LoadingDotsColor = 'dark' | 'purple' | 'yellow' | 'green' | 'white' | 'blue' | 'current';

export interface LoadingDotsProps {
  color?: LoadingDotsColor;
  label?: string;
  className?: string;
}

const dotColors: Record<LoadingDotsColor, string> = {
  dark: 'bg-dark',
  purple: 'bg-purple',
  yellow: 'bg-yellow',
  green: 'bg-green',
  white: 'bg-white',
  blue: 'bg-blue',
  current: 'bg-current',
};

const delays = ['0ms', '160ms', '320ms'];

export function LoadingDots({ color = 'purple', label = 'Chargement…', className }: LoadingDotsProps) {
  return (
    <span role="status" className={cx('inline-flex items-center gap-1', className)}>
      {delays.map((delay) => (
        <span
          key={delay}
          aria-hidden="true"
          className={cx(
            'size-2 rounded-full animate-loading-dot motion-reduce:animate-none',
            dotColors[color],
          )}
          style={{ animationDelay: delay }}
        />
      ))}
      <span className="sr-only">{label}</span>
    </span>
  );
}
