import type { MouseEvent, ReactNode } from 'react';
import { cx, focusRing } from './cx.ts';

export type PaginationItem = number | 'ellipsis';

/**
 * Pages to show: first, last, and `page ± range`, with 'ellipsis' for each gap. A gap of a single page
 * shows that page instead, since an ellipsis would take the same room and hide it.
 */
export function paginationItems(page: number, total: number, range = 1): PaginationItem[] {
  if (total < 1) return [];
  const current = Math.min(Math.max(page, 1), total);
  const pages = new Set([1, total]);
  for (let p = current - range; p <= current + range; p++) if (p >= 1 && p <= total) pages.add(p);
  const items: PaginationItem[] = [];
  let previous = 0;
  for (const p of [...pages].sort((a, b) => a - b)) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push('ellipsis');
    items.push(p);
    previous = p;
  }
  return items;
}

export interface PaginationProps {
  page: number;
  /** number of pages */
  total: number;
  /** pages shown on each side of the current one */
  range?: number;
  /** makes every page a link, which works without JavaScript */
  hrefFor?: (page: number) => string;
  /** called instead of following the link (or, without hrefFor, on button click) */
  onChange?: (page: number) => void;
  className?: string;
}

const itemClass = cx(
  'inline-grid min-h-10 min-w-10 place-items-center rounded-full px-3 font-semibold text-purple',
  'hover:bg-purple-light',
  focusRing,
);
const currentClass = 'bg-purple text-white hover:bg-purple';
const unavailableClass = 'cursor-not-allowed text-grey-text opacity-60 hover:bg-transparent';

export function Pagination({ page, total, range = 1, hrefFor, onChange, className }: PaginationProps) {
  if (total <= 1) return null;
  const current = Math.min(Math.max(page, 1), total);

  const control = (target: number, content: ReactNode, extra: { label: string; current?: boolean }) => {
    const unavailable = target < 1 || target > total;
    const classes = cx(itemClass, extra.current && currentClass, unavailable && unavailableClass);
    const ariaCurrent = extra.current ? ('page' as const) : undefined;
    if (hrefFor) {
      if (unavailable) {
        // Nothing to follow: kept for the layout, hidden from assistive technologies.
        return (
          <span aria-hidden="true" className={classes}>
            {content}
          </span>
        );
      }
      const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
        // Modified clicks keep their meaning (new tab, new window).
        if (
          !onChange ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        )
          return;
        event.preventDefault();
        onChange(target);
      };
      return (
        <a
          href={hrefFor(target)}
          aria-label={extra.label}
          aria-current={ariaCurrent}
          onClick={onClick}
          className={classes}
        >
          {content}
        </a>
      );
    }
    return (
      <button
        type="button"
        aria-label={extra.label}
        aria-current={ariaCurrent}
        disabled={unavailable}
        onClick={() => onChange?.(target)}
        className={classes}
      >
        {content}
      </button>
    );
  };

  const chevron = (d: string) => (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="size-4" fill="none" stroke="currentColor">
      <path d={d} strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );

  return (
    <nav aria-label="Pagination" className={className}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>{control(current - 1, chevron('M10 3L5 8l5 5'), { label: 'Page précédente' })}</li>
        {paginationItems(current, total, range).map((item, index, items) =>
          item === 'ellipsis' ? (
            <li key={`ellipsis-after-${items[index - 1]}`} aria-hidden="true" className="px-2 text-grey-text">
              …
            </li>
          ) : (
            <li key={item}>{control(item, item, { label: `Page ${item}`, current: item === current })}</li>
          ),
        )}
        <li>{control(current + 1, chevron('M6 3l5 5-5 5'), { label: 'Page suivante' })}</li>
      </ul>
    </nav>
  );
}
