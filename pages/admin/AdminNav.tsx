import { usePageContext } from 'vike-react/usePageContext';
import { TabLinks } from '../../islands/ui/TabLinks.tsx';

const SECTIONS = [
  { href: '/admin', label: 'Entreprises' },
  { href: '/admin/people', label: 'Personnes' },
  { href: '/admin/meetings', label: 'Rencontres' },
  { href: '/admin/transport', label: 'Transport' },
  { href: '/admin/feedback', label: 'Avis' },
  { href: '/admin/contact', label: 'Messages' },
  { href: '/admin/statistics', label: 'Statistiques' },
  { href: '/admin/departments', label: 'Départements' },
  { href: '/admin/content', label: 'Contenus', nationalOnly: true },
  { href: '/admin/operators', label: 'Opérateurs', nationalOnly: true },
  { href: '/admin/audit', label: 'Journal', nationalOnly: true },
  { href: '/admin/operations', label: 'Opérations', nationalOnly: true },
  { href: '/admin/partners', label: 'Partenaires', nationalOnly: true },
  { href: '/admin/account', label: 'Mon compte' },
] as const;

export type AdminSection = (typeof SECTIONS)[number]['href'];

/** The sections of the back-office, on each of its pages; a regional operator's are those of their region. */
export function AdminNav({ current }: { current: AdminSection }) {
  const { viewer } = usePageContext();
  const national = viewer?.regionCode === null;
  const tabs = SECTIONS.filter((section) => national || !('nationalOnly' in section));
  return <TabLinks label="Sections de l’administration" tabs={tabs} current={current} />;
}
