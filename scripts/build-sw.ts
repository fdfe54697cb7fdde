import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateSW } from 'workbox-build';
import {
  OFFLINE_PAGE_PATH,
  OFFLINE_TICKETS_SCRIPT_PATH,
  PRECACHE_PREFIX,
  SERVICE_WORKER_CACHES,
} from '../common/service-worker.ts';
import { offlinePage, offlineTicketsScript } from './offline-page.ts';

/**
 * Builds /sw.js into the client output (dist/client by default), with the offline page beside it. Only
 * the stylesheets, the logo, the manifest and the offline page are precached: precaching every island's
 * script would make each first visit download all of them. Scripts and other hashed assets are cached
 * the first time a page uses them (they never change under one name). Pages are fetched network-first,
 * so they are fresh online, and a page a visitor was shown still opens offline; a page not kept shows
 * the offline page. Nothing marked `private` or `no-store` is kept: the server marks so every answer to
 * a logged-in request (server/http/session.ts), and logout empties the page cache anyway
 * (islands/page-cache.ts). The new worker takes control at once, and public/sw-register.js reloads the
 * page when that happens (docs/decisions/0021-service-worker-and-private-pages.md).
 */
const clientDir = process.argv[2] ?? 'dist/client';

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** Vike moves Vite's client manifest next to the client folder (assets.json); a plain Vite build leaves it in .vite/. */
function readManifest(): Record<string, ManifestChunk> {
  for (const path of [join(clientDir, '..', 'assets.json'), join(clientDir, '.vite/manifest.json')]) {
    if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  }
  throw new Error(`No client manifest beside ${clientDir}: build the client first.`);
}

/** The stylesheets of the error page, which is the default layout around a message: the offline page's look. */
function siteStylesheets(): string[] {
  const manifest = readManifest();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const errorPage = 'virtual:vike:page-entry:client:/pages/_error';
  if (!manifest[errorPage]) throw new Error(`${errorPage} is not in the client manifest`);
  visit(errorPage);
  if (css.size === 0)
    throw new Error('The error page has no stylesheet: the offline page would have no look');
  return [...css];
}

if (SERVICE_WORKER_CACHES.tickets !== 'private-tickets')
  throw new Error('The pages route names the tickets cache private-tickets: rename it there too');
writeFileSync(join(clientDir, OFFLINE_PAGE_PATH), offlinePage(siteStylesheets()));
writeFileSync(join(clientDir, OFFLINE_TICKETS_SCRIPT_PATH), offlineTicketsScript());

const { count, size, warnings } = await generateSW({
  globDirectory: clientDir,
  globPatterns: [
    'assets/**/*.css',
    'logo.svg',
    'icons/*.png',
    'manifest.webmanifest',
    OFFLINE_PAGE_PATH.slice(1),
    OFFLINE_TICKETS_SCRIPT_PATH.slice(1),
  ],
  swDest: `${clientDir}/sw.js`,
  mode: 'production',
  sourcemap: false,
  inlineWorkboxRuntime: true,
  skipWaiting: true,
  clientsClaim: true,
  cleanupOutdatedCaches: true,
  runtimeCaching: [
    {
      urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
      handler: 'CacheFirst',
      options: { cacheName: SERVICE_WORKER_CACHES.assets, expiration: { maxEntries: 200 } },
    },
    {
      // A picture's address names one picture for good (a new one gets a new id): kept once shown to a
      // visitor, so that the public pages they saw still show them offline.
      urlPattern: ({ url }) => url.pathname.startsWith('/pictures/'),
      handler: 'CacheFirst',
      options: {
        cacheName: SERVICE_WORKER_CACHES.pictures,
        expiration: { maxEntries: 100 },
        cacheableResponse: { statuses: [200] },
        plugins: [
          {
            cacheWillUpdate: async ({ response }) =>
              /(^|[\s,])(private|no-store)([\s,=]|$)/i.test(response.headers.get('Cache-Control') ?? '')
                ? null
                : response,
          },
        ],
      },
    },
    {
      // The one private page kept (docs/decisions/0046): a teacher's ticket, put in its own cache by their
      // pages (islands/page-cache.ts) and on each visit, and emptied with the other page caches at logout.
      // A visitor's or another user's answer is a redirect or a 404, never kept.
      urlPattern: ({ request, url }) =>
        request.mode === 'navigate' && /^\/meetings\/[0-9]+\/billet$/.test(url.pathname),
      handler: 'NetworkFirst',
      options: {
        cacheName: SERVICE_WORKER_CACHES.tickets,
        networkTimeoutSeconds: 4,
        cacheableResponse: { statuses: [200] },
        matchOptions: { ignoreVary: true },
        precacheFallback: { fallbackURL: OFFLINE_PAGE_PATH },
      },
    },
    {
      urlPattern: ({ request }) => request.mode === 'navigate',
      handler: 'NetworkFirst',
      options: {
        cacheName: SERVICE_WORKER_CACHES.pages,
        networkTimeoutSeconds: 4,
        expiration: { maxEntries: 50 },
        cacheableResponse: { statuses: [200] },
        // Written into sw.js as source: it may use nothing from this file.
        plugins: [
          {
            // Offline, a phone holding a teacher's tickets (logged in: logout empties that cache) opens the
            // platform on the offline page, which lists them, not on the visitor's home kept before the
            // login (docs/decisions/0083). The tickets cache by name: checked against the constant above.
            // The home is asked of the server, not of the browser's HTTP cache, which would otherwise answer
            // the visitor's home it holds (stale-while-revalidate), online too, instead of the redirect.
            requestWillFetch: async ({ request }) =>
              new URL(request.url).pathname === '/' ? new Request(request, { cache: 'no-cache' }) : request,
            cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
              if (!cachedResponse || new URL(request.url).pathname !== '/') return cachedResponse;
              if (!(await caches.has('private-tickets'))) return cachedResponse;
              const kept = await (await caches.open('private-tickets')).keys();
              return kept.length > 0 ? null : cachedResponse;
            },
          },
          {
            cacheWillUpdate: async ({ response }) =>
              /(^|[\s,])(private|no-store)([\s,=]|$)/i.test(response.headers.get('Cache-Control') ?? '')
                ? null
                : response,
          },
        ],
        precacheFallback: { fallbackURL: OFFLINE_PAGE_PATH },
      },
    },
  ],
});

// An older worker's page cache may hold pages of a session (before they were marked no-store): the new
// worker drops every cache it does not use, except the precache, which workbox tidies itself.
const kept = JSON.stringify(Object.values(SERVICE_WORKER_CACHES));
appendFileSync(
  `${clientDir}/sw.js`,
  `\nself.addEventListener("activate",e=>{e.waitUntil(caches.keys().then(n=>Promise.all(n.filter(k=>!${kept}.includes(k)&&!k.startsWith(${JSON.stringify(PRECACHE_PREFIX)})).map(k=>caches.delete(k)))))});\n`,
);
for (const warning of warnings) console.warn(warning);
console.log(`sw.js : ${count} fichiers précachés (${Math.round(size / 1024)} Ko), dont ${OFFLINE_PAGE_PATH}`);
