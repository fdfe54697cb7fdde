import type { UserKind } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';

export type MenuIcon = 'search' | 'star' | 'home' | 'calendar' | 'slots';
export interface MenuItem {
  label: string;
  href: string;
  icon: MenuIcon;
}

/** The spec's menus (section 2), by kind of user. */
export const MENUS: Record<UserKind, MenuItem[]> = {
  teacher: [
    { label: 'Chercher une entreprise', href: ROUTES.searchCompanies, icon: 'search' },
    { label: 'Mes favoris', href: ROUTES.myFavorites, icon: 'star' },
    { label: 'Mon espace', href: ROUTES.homeTeacher, icon: 'home' },
    { label: 'Mes créneaux', href: ROUTES.meetingsTeacher, icon: 'calendar' },
  ],
  recruiter: [
    { label: 'Gérer mes créneaux', href: ROUTES.mySlots, icon: 'slots' },
    { label: 'Mon espace', href: ROUTES.homeCompany, icon: 'home' },
    { label: 'Mes créneaux', href: ROUTES.meetingsCompany, icon: 'calendar' },
  ],
  admin: [{ label: 'Administration', href: ROUTES.admin, icon: 'home' }],
};

export function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
