import { cx } from './cx.ts';

export interface TabLink {
  href: string;
  label: string;
}

/**
 * Sections of a page as plain links (no script): the current one carries aria-current="page". Each tab
 * is its own URL, so a tab can be bookmarked and the back button works.
 */
export function TabLinks({
  label,
  tabs,
  current,
  className,
}: {
  /** What the tabs choose, for assistive technologies ("Période", "Sections de l’administration"). */
  label: string;
  tabs: readonly TabLink[];
  /** The href of the current tab. */
  current: string;
  className?: string;
}) {
  return (
    <nav aria-label={label}>
      <ul className={cx('flex flex-wrap gap-2', className)}>
        {tabs.map((tab) => (
          <li key={tab.href}>
            <a
              href={tab.href}
              aria-current={tab.href === current ? 'page' : undefined}
              className="menu-link inline-block"
            >
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
