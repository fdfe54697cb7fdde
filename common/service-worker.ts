/**
 * What the service worker (scripts/build-sw.ts) and the pages agree on. Its caches: `assets` holds hashed
 * build files, the precache the stylesheets, the logo, the icons, the manifest and the offline page; the
 * page cache holds what visitors were shown (a logged-in page is `private, no-store` and never stored),
 * and the pictures cache the companies' pictures visitors were shown, under the same rule. The one
 * exception, `private-tickets`, holds the logged-in teacher's tickets of their upcoming meetings, to read
 * offline on the day (docs/decisions/0046): a page cache like the others, which logout empties. Any other
 * cache is an older worker's page cache.
 */
export const SERVICE_WORKER_CACHES = {
  assets: 'assets',
  pages: 'public-pages',
  pictures: 'public-pictures',
  tickets: 'private-tickets',
} as const;

/** A meeting's ticket page (`/meetings/{id}/billet`): the only private page kept for offline reading. */
export const TICKET_PAGE = /^\/meetings\/[0-9]+\/billet$/;

/** Workbox names its precache `workbox-precache-v2-<scope>`. */
export const PRECACHE_PREFIX = 'workbox-precache';

/** A cache that holds pages, this worker's or an older one's: logout empties them all. */
export function isPageCache(name: string): boolean {
  return name !== SERVICE_WORKER_CACHES.assets && !name.startsWith(PRECACHE_PREFIX);
}

/** Shown offline in place of a page the worker does not have: a static file of the build. */
export const OFFLINE_PAGE_PATH = '/offline.html';
export const OFFLINE_PAGE_TITLE = 'Hors connexion — Passerelle Industrie';
/** The offline page's script, listing the teacher's kept tickets (docs/decisions/0083). */
export const OFFLINE_TICKETS_SCRIPT_PATH = '/offline-tickets.js';
