import type { UserKind } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';

export type MenuIcon = 'search' | 'star' | 'home' | 'calendar' | 'slots' | 'company' | 'groups';
export interface MenuItem {
  label: string;
  /** What the mobile bottom bar has room for. */
  shortLabel: string;
  href: string;
  icon: MenuIcon;
}

/**
 * The spec's menus (section 2), by kind of user. The company's gets "Mon entreprise" too: the spec's menu
 * had no way to the company's profile, which new recruiters could not find.
 */
export const MENUS: Record<UserKind, MenuItem[]> = {
  teacher: [
    {
      label: 'Chercher une entreprise',
      shortLabel: 'Chercher',
      href: ROUTES.searchCompanies,
      icon: 'search',
    },
    { label: 'Mes favoris', shortLabel: 'Favoris', href: ROUTES.myFavorites, icon: 'star' },
    { label: 'Mon espace', shortLabel: 'Mon espace', href: ROUTES.homeTeacher, icon: 'home' },
    { label: 'Mes créneaux', shortLabel: 'Créneaux', href: ROUTES.meetingsTeacher, icon: 'calendar' },
    { label: 'Mes classes', shortLabel: 'Classes', href: ROUTES.myGroups, icon: 'groups' },
  ],
  recruiter: [
    { label: 'Gérer mes créneaux', shortLabel: 'Gérer', href: ROUTES.mySlots, icon: 'slots' },
    { label: 'Mon espace', shortLabel: 'Mon espace', href: ROUTES.homeCompany, icon: 'home' },
    { label: 'Mes créneaux', shortLabel: 'Créneaux', href: ROUTES.meetingsCompany, icon: 'calendar' },
    { label: 'Mon entreprise', shortLabel: 'Entreprise', href: ROUTES.myCompany, icon: 'company' },
  ],
  admin: [{ label: 'Administration', shortLabel: 'Admin', href: ROUTES.admin, icon: 'home' }],
};

export function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
