import { LEGAL_LINKS } from '../common/legal.ts';
import { ROUTES } from '../common/routes.ts';
import {
  OFFLINE_PAGE_TITLE,
  OFFLINE_TICKETS_SCRIPT_PATH,
  SERVICE_WORKER_CACHES,
} from '../common/service-worker.ts';

const SITE_SUFFIX = ' — Passerelle Industrie';

/**
 * The page the service worker shows for a page it does not have while the network is down: a static file
 * written at build time beside the client assets (it must not depend on who is logged in when the worker
 * installs). It copies the visitor's layout of pages/+Layout.tsx and the look of the error page, with the
 * site's stylesheets; keep the three alike. A logged-in teacher's kept tickets are listed on it by its one
 * script, `listKeptTickets` (docs/decisions/0083): offline, whatever page they open, they reach them.
 */
export function offlinePage(stylesheets: string[]): string {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="/${href}">`).join('\n');
  return `<!DOCTYPE html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#3b1f8f">
<title>${OFFLINE_PAGE_TITLE}</title>
<link rel="icon" href="/logo.svg" type="image/svg+xml">
<link rel="manifest" href="/manifest.webmanifest">
${links}
</head>
<body>
<div class="flex min-h-dvh flex-col bg-grey-light text-dark">
<a href="#contenu" class="skip-link">Aller au contenu</a>
<header class="sticky top-0 z-30 flex h-menu-bar items-center justify-between gap-6 border-b border-grey bg-white px-4 sm:px-6">
<a href="/" class="shrink-0" aria-label="Passerelle Industrie, accueil"><span class="flex items-center gap-2 font-bold text-purple-dark"><img src="/logo.svg" alt="" width="36" height="36"><span>Passerelle Industrie</span></span></a>
</header>
<main id="contenu" class="flex-1">
<div class="page flex max-w-2xl flex-col gap-4">
<h1>Vous êtes hors connexion</h1>
<p>Cette page n’est pas disponible sans connexion à Internet. Vérifiez votre connexion, puis réessayez.</p>
<section id="billets" aria-labelledby="billets-titre" hidden>
<h2 id="billets-titre">Vos billets disponibles hors connexion</h2>
<ul class="my-2 flex flex-col gap-2"></ul>
<p></p>
</section>
<p>Par sécurité, les pages de votre espace personnel ne sont pas conservées sur cet appareil, sauf les billets de vos prochaines rencontres, jusqu’à votre déconnexion.</p>
<p class="flex flex-wrap gap-4"><a class="link" href="">Réessayer</a><a class="link" href="/">Retour à l’accueil</a></p>
</div>
</main>
<footer class="border-t border-grey bg-white px-6 py-6 text-sm text-grey-text">
<nav aria-label="Liens utiles" class="flex flex-wrap gap-4">
<a href="${ROUTES.faq}" class="link">Questions fréquentes</a>
<a href="${ROUTES.cgu}" class="link">Conditions générales d’utilisation</a>
${LEGAL_LINKS.map((link) => `<a href="${link.href}" class="link">${link.label}</a>`).join('\n')}
</nav>
</footer>
</div>
<script src="${OFFLINE_TICKETS_SCRIPT_PATH}" type="module"></script>
</body>
</html>
`;
}

/** The offline page's script (CSP: no inline script), written beside it at build time and precached. */
export function offlineTicketsScript(): string {
  return `(${listKeptTickets.toString()})(${JSON.stringify(SERVICE_WORKER_CACHES.tickets)}, ${JSON.stringify(SITE_SUFFIX)}).catch(() => {});\n`;
}

/**
 * Lists the tickets kept in the tickets cache (islands/page-cache.ts) in the order they were kept, soonest
 * first, each named by its page's title less the words all say (« Acme, mardi 3 mars 2026 à 09:30 »), and
 * says when they were kept: a change made since is not on them. Nothing when none is kept (a visitor, or
 * after logout). Written into the script as source: it may use nothing of this file.
 */
async function listKeptTickets(cacheName: string, siteSuffix: string): Promise<void> {
  const section = document.getElementById('billets');
  const list = section?.querySelector('ul');
  const note = section?.querySelector('p');
  if (!section || !list || !note || typeof caches === 'undefined' || !(await caches.has(cacheName))) return;
  const cache = await caches.open(cacheName);
  let keptAt = Number.POSITIVE_INFINITY;
  for (const request of await cache.keys()) {
    const response = await cache.match(request, { ignoreVary: true });
    if (!response) continue;
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    const link = document.createElement('a');
    link.className = 'link';
    link.href = new URL(request.url).pathname;
    link.textContent = page.title.replace(siteSuffix, '').replace(/^Billet de la rencontre — /, '');
    const item = document.createElement('li');
    item.append(link);
    list.append(item);
    keptAt = Math.min(keptAt, new Date(response.headers.get('Date') ?? '').getTime() || keptAt);
  }
  if (Number.isFinite(keptAt)) {
    const when = new Date(keptAt).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short' });
    note.textContent = `Enregistrés le ${when} : un changement fait depuis n’y figure pas.`;
  }
  section.hidden = list.children.length === 0;
}
