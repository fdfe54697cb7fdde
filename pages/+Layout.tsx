import './app.css';
import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { ROUTES } from '../common/routes.ts';
import { Avatar } from './layout/Avatar.tsx';
import { Icon } from './layout/Icon.tsx';
import { Logo } from './layout/Logo.tsx';
import { isCurrent, MENUS } from './layout/menus.ts';

/** The default layout: the logged-in user's menus (top bar above `sm`, bottom bar below), or a plain header. */
export function Layout({ children }: { children: ReactNode }) {
  const pageContext = usePageContext();
  const { viewer, urlPathname } = pageContext;
  const showMenu = Boolean(viewer) && pageContext.config.menu !== false;
  const items = viewer ? MENUS[viewer.kind] : [];

  return (
    <div className="flex min-h-dvh flex-col bg-grey-light text-dark">
      <a href="#contenu" className="skip-link">
        Aller au contenu
      </a>
      {showMenu && viewer ? (
        <header className="sticky top-0 z-30 hidden h-menu-bar items-center gap-6 border-b border-grey bg-white px-6 sm:flex">
          <a href="/" className="shrink-0" aria-label="Passerelle Industrie, accueil">
            <Logo />
          </a>
          <nav aria-label="Menu principal" className="flex flex-1 justify-center gap-2">
            {items.map((item) => (
              <a
                key={item.href}
                href={item.href}
                aria-current={isCurrent(urlPathname, item.href) ? 'page' : undefined}
                className="menu-link"
              >
                {item.label}
              </a>
            ))}
          </nav>
          <a href={ROUTES.myProfile} className="rounded-full">
            <span className="sr-only">Mon profil : </span>
            <Avatar viewer={viewer} />
          </a>
        </header>
      ) : (
        <header className="flex h-menu-bar items-center justify-between border-b border-grey bg-white px-4 sm:px-6">
          <a href="/" aria-label="Passerelle Industrie, accueil">
            <Logo />
          </a>
          {!viewer && (
            <nav aria-label="Connexion" className="flex gap-4 text-sm font-semibold">
              <a href={ROUTES.loginTeacher} className="link">
                Espace enseignant
              </a>
              <a href={ROUTES.landingCompany} className="link">
                Espace entreprise
              </a>
            </nav>
          )}
        </header>
      )}
      <main id="contenu" className={`flex-1 ${showMenu ? 'pb-24 sm:pb-0' : ''}`}>
        {children}
      </main>
      <footer className="border-t border-grey bg-white px-6 py-6 text-sm text-grey-text">
        <nav aria-label="Liens utiles" className="flex flex-wrap gap-4">
          <a href={ROUTES.faq} className="link">
            Questions fréquentes
          </a>
          <a href={ROUTES.cgu} className="link">
            Conditions générales d'utilisation
          </a>
          {viewer && (
            <a href={ROUTES.contactUs} className="link">
              Nous contacter
            </a>
          )}
        </nav>
      </footer>
      {showMenu && viewer && (
        <nav
          aria-label="Menu principal mobile"
          className="fixed inset-x-0 bottom-0 z-30 flex h-menu-bar items-stretch justify-around border-t border-grey bg-white sm:hidden"
        >
          {items.map((item) => (
            <a
              key={item.href}
              href={item.href}
              aria-current={isCurrent(urlPathname, item.href) ? 'page' : undefined}
              className="bottom-link"
            >
              <Icon name={item.icon} />
              <span className="text-xs">{item.label}</span>
            </a>
          ))}
          <a href={ROUTES.myProfile} className="bottom-link">
            <span className="sr-only">Mon profil : </span>
            <Avatar viewer={viewer} />
          </a>
        </nav>
      )}
    </div>
  );
}
