import type { HTMLAttributes, ReactNode } from 'react';
import { cx } from './cx.ts';

export type CardBackground =
  | 'white'
  | 'grey'
  | 'greyDark'
  | 'dark'
  | 'yellowGradient'
  | 'purpleGradient'
  | 'greenGradient'
  | 'error'
  | 'purple';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  background?: CardBackground;
  as?: 'div' | 'article' | 'section' | 'li';
  children?: ReactNode;
}

const backgrounds: Record<CardBackground, string> = {
  white: 'bg-white text-dark border border-grey',
  grey: 'bg-grey-light text-dark',
  greyDark: 'bg-grey-dark text-white',
  dark: 'bg-dark text-white',
  yellowGradient: 'bg-linear-to-br from-yellow to-warning text-dark',
  purpleGradient: 'bg-linear-to-br from-purple to-blue text-white',
  greenGradient: 'bg-linear-to-br from-green to-green-pale text-dark',
  error: 'bg-error text-dark',
  purple: 'bg-purple text-white',
};

export function Card({ background = 'white', as: Tag = 'div', className, children, ...rest }: CardProps) {
  return (
    <Tag {...rest} className={cx('rounded-2xl p-6', backgrounds[background], className)}>
      {children}
    </Tag>
  );
}
