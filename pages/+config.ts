import type { Config } from 'vike/types';
import vikeReact from 'vike-react/config';

/**
 * Every page is HTML-only: React renders it on the server and ships nothing. A page with islands adds a
 * `+client.ts` that hydrates just those (islands/hydrate.ts). `access`, `menu` and `scripts` are read by the
 * guard, the layout and the head, on the server.
 *
 * `cacheControl` is what a visitor's page says (Vike's default, `no-store`, would keep every page from the
 * service worker): a cache may keep it but asks the server first, so it opens offline. A logged-in user's
 * pages are `private, no-store` whatever this says (server/http/session.ts).
 */
export default {
  extends: [vikeReact],
  lang: 'fr',
  title: 'Passerelle Industrie',
  description:
    'Passerelle Industrie : les entreprises industrielles ouvrent leurs portes aux enseignants, prescripteurs et partenaires de l’emploi.',
  access: 'public',
  menu: true,
  scripts: true,
  cacheControl: 'no-cache',
  passToClient: [],
  meta: {
    Page: { env: { server: true, client: false } },
    access: { env: { server: true } },
    menu: { env: { server: true } },
    scripts: { env: { server: true } },
  },
} satisfies Config;
