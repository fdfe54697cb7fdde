/**
 * What the service worker (scripts/build-sw.ts) and the pages agree on. Its caches: `assets` holds hashed
 * build files, the precache the stylesheets, the logo, the icons, the manifest and the offline page; the
 * page cache holds what visitors were shown (a logged-in page is `private, no-store` and never stored),
 * and the pictures cache the companies' pictures visitors were shown, under the same rule. Any other
 * cache is an older worker's page cache.
 */
export const SERVICE_WORKER_CACHES = {
  assets: 'assets',
  pages: 'public-pages',
  pictures: 'public-pictures',
} as const;

/** Workbox names its precache `workbox-precache-v2-<scope>`. */
export const PRECACHE_PREFIX = 'workbox-precache';

/** A cache that holds pages, this worker's or an older one's: logout empties them all. */
export function isPageCache(name: string): boolean {
  return name !== SERVICE_WORKER_CACHES.assets && !name.startsWith(PRECACHE_PREFIX);
}

/** Shown offline in place of a page the worker does not have: a static file of the build. */
export const OFFLINE_PAGE_PATH = '/offline.html';
export const OFFLINE_PAGE_TITLE = 'Hors connexion — Passerelle Industrie';
