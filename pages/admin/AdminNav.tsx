import { TabLinks } from '../../islands/ui/TabLinks.tsx';

export const ADMIN_PAGES = [
  { href: '/admin', label: 'Entreprises' },
  { href: '/admin/departments', label: 'Départements' },
  { href: '/admin/transport', label: 'Transport' },
  { href: '/admin/feedback', label: 'Avis' },
] as const;

/** The sections of the administration, on each of its pages. */
export function AdminNav({ current }: { current: (typeof ADMIN_PAGES)[number]['href'] }) {
  return <TabLinks label="Sections de l’administration" tabs={ADMIN_PAGES} current={current} />;
}
