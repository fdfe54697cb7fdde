import './app.css';
import type { ReactNode } from 'react';
import { usePageContext } from 'vike-react/usePageContext';
import { LEGAL_LINKS } from '../common/legal.ts';
import { ROUTES } from '../common/routes.ts';
import { Island } from '../islands/Island.tsx';
import { SessionKeeper } from '../islands/SessionKeeper.tsx';
import type { Viewer } from '../server/kernel/viewer.ts';
import { Avatar } from './layout/Avatar.tsx';
import { shipsScripts } from './layout/abort-reasons.ts';
import { Icon } from './layout/Icon.tsx';
import { Logo } from './layout/Logo.tsx';
import { isCurrent, MENUS, type MenuItem } from './layout/menus.ts';

/**
 * The default layout. A logged-in user gets their menu (spec, section 2) on routes that do not hide it: in
 * the 72 px top bar above the `sm` breakpoint, in a bottom bar with icons below it. Visitors get the logo
 * and the two ways in. Nothing may be wider than a 390 px phone: the logo's name gives way first, where the
 * links beside it need the room (below `xs` for visitors, between `sm` and `lg` beside the menu).
 */
export function Layout({ children }: { children: ReactNode }) {
  const pageContext = usePageContext();
  const { viewer, urlPathname, config } = pageContext;
  const menu = viewer && config.menu !== false ? MENUS[viewer.kind] : null;

  return (
    <div
      className={`flex min-h-dvh flex-col bg-grey-light text-dark print:bg-white ${menu ? 'pb-menu-bar sm:pb-0' : ''}`}
    >
      <a href="#contenu" className="skip-link">
        Aller au contenu
      </a>
      <header className="sticky top-0 z-30 flex h-menu-bar print:hidden items-center justify-between gap-6 border-b border-grey bg-white px-4 sm:px-6">
        <a href="/" className="shrink-0" aria-label="Passerelle Industrie, accueil">
          <Logo wordmarkClassName={menu ? 'sm:max-lg:hidden' : viewer ? undefined : 'max-xs:hidden'} />
        </a>
        {menu && viewer && <TopMenu items={menu} pathname={urlPathname} viewer={viewer} />}
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
      <main id="contenu" className="flex-1">
        {children}
      </main>
      <Footer
        viewer={viewer}
        contactEmail={'deps' in pageContext ? pageContext.deps.config.CONTACT_EMAIL : null}
      />
      {menu && viewer && <BottomMenu items={menu} pathname={urlPathname} viewer={viewer} />}
      {viewer?.kind === 'recruiter' && shipsScripts(pageContext) && (
        <Island name="SessionKeeper" component={SessionKeeper} props={{}} />
      )}
    </div>
  );
}

/**
 * Every page's footer: the FAQ, the terms, the legal pages (docs/decisions/0098), and how to reach the team — the contact form for a logged-in user
 * (it needs an account: spec, section 2), the team's address (CONTACT_EMAIL) for anyone else (issue 36).
 */
function Footer({ viewer, contactEmail }: { viewer: Viewer | null; contactEmail: string | null }) {
  return (
    <footer className="border-t border-grey bg-white px-6 py-6 text-sm text-grey-text print:hidden">
      <nav aria-label="Liens utiles" className="flex flex-wrap gap-4">
        <a href={ROUTES.faq} className="link">
          Questions fréquentes
        </a>
        <a href={ROUTES.cgu} className="link">
          Conditions générales d’utilisation
        </a>
        <a href={ROUTES.developers} className="link">
          Développeurs
        </a>
        <a href={ROUTES.connectionTest} className="link">
          Tester ma connexion
        </a>
        {LEGAL_LINKS.map((link) => (
          <a key={link.href} href={link.href} className="link">
            {link.label}
          </a>
        ))}
        {viewer ? (
          <a href={ROUTES.contactUs} className="link">
            Nous contacter
          </a>
        ) : (
          contactEmail && (
            <a href={`mailto:${contactEmail}`} className="link">
              Nous écrire ({contactEmail})
            </a>
          )
        )}
      </nav>
    </footer>
  );
}

function ProfileLink({ viewer, className }: { viewer: Viewer; className: string }) {
  return (
    <a href={ROUTES.myProfile} className={className}>
      <span className="sr-only">Mon profil : </span>
      <Avatar viewer={viewer} />
    </a>
  );
}

function TopMenu({ items, pathname, viewer }: { items: MenuItem[]; pathname: string; viewer: Viewer }) {
  return (
    <div className="hidden flex-1 items-center justify-between gap-6 sm:flex">
      <nav aria-label="Menu principal" className="flex flex-1 justify-center gap-2">
        {items.map((item) => (
          <a
            key={item.href}
            href={item.href}
            aria-current={isCurrent(pathname, item.href) ? 'page' : undefined}
            className="menu-link text-center text-sm leading-tight max-lg:px-2 xl:text-base"
          >
            {item.label}
          </a>
        ))}
      </nav>
      <ProfileLink viewer={viewer} className="rounded-full" />
    </div>
  );
}

function BottomMenu({ items, pathname, viewer }: { items: MenuItem[]; pathname: string; viewer: Viewer }) {
  return (
    <nav
      aria-label="Menu principal mobile"
      className="fixed inset-x-0 bottom-0 z-30 flex h-menu-bar items-stretch justify-around border-t border-grey bg-white sm:hidden print:hidden"
    >
      {items.map((item) => (
        <a
          key={item.href}
          href={item.href}
          aria-current={isCurrent(pathname, item.href) ? 'page' : undefined}
          className="bottom-link"
        >
          <Icon name={item.icon} />
          <span aria-hidden="true" className="whitespace-nowrap text-xs leading-tight">
            {item.shortLabel}
          </span>
          <span className="sr-only">{item.label}</span>
        </a>
      ))}
      <ProfileLink viewer={viewer} className="bottom-link" />
    </nav>
  );
}
