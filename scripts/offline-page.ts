import { ROUTES } from '../common/routes.ts';
import { OFFLINE_PAGE_TITLE } from '../common/service-worker.ts';

/**
 * The page the service worker shows for a page it does not have while the network is down: a static file
 * written at build time beside the client assets (it must not depend on who is logged in when the worker
 * installs). It copies the visitor's layout of pages/+Layout.tsx and the look of the error page, with the
 * site's stylesheets; keep the three alike.
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
<p>Cette page n'est pas disponible sans connexion à Internet. Vérifiez votre connexion, puis réessayez.</p>
<p>Par sécurité, les pages de votre espace personnel ne sont jamais conservées sur cet appareil.</p>
<p class="flex flex-wrap gap-4"><a class="link" href="">Réessayer</a><a class="link" href="/">Retour à l'accueil</a></p>
</div>
</main>
<footer class="border-t border-grey bg-white px-6 py-6 text-sm text-grey-text">
<nav aria-label="Liens utiles" class="flex flex-wrap gap-4">
<a href="${ROUTES.faq}" class="link">Questions fréquentes</a>
<a href="${ROUTES.cgu}" class="link">Conditions générales d'utilisation</a>
</nav>
</footer>
</div>
</body>
</html>
`;
}
