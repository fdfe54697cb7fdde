export const ADMIN_PAGES = [
  { href: '/admin', label: 'Entreprises' },
  { href: '/admin/departments', label: 'Départements' },
] as const;

/** The sections of the administration, on each of its pages. */
export function AdminNav({ current }: { current: (typeof ADMIN_PAGES)[number]['href'] }) {
  return (
    <nav aria-label="Sections de l’administration">
      <ul className="flex flex-wrap gap-2">
        {ADMIN_PAGES.map((page) => (
          <li key={page.href}>
            <a
              href={page.href}
              aria-current={page.href === current ? 'page' : undefined}
              className="menu-link"
            >
              {page.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
