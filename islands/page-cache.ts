import { isPageCache, SERVICE_WORKER_CACHES, TICKET_PAGE } from '../common/service-worker.ts';

/**
 * Empties the service worker's page caches, so that nothing seen during a session opens again from this
 * browser, offline included (schools share computers). A session's pages are `no-store` and never kept;
 * this also drops what an older worker kept and anything mislabelled on the way. Never rejects: the
 * logout goes on whatever happens here.
 */
export async function forgetPages(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter(isPageCache).map((name) => caches.delete(name)));
  } catch {
    // Storage refused (privacy settings): then nothing was kept either.
  }
}

/**
 * Keeps the logged-in teacher's tickets of their upcoming meetings for reading offline on the day
 * (docs/decisions/0046): each fetched afresh with the session into the tickets cache, which the service
 * worker answers a ticket from when the network does not, and which logout empties with the other page
 * caches (`forgetPages`). Tickets no longer listed (a meeting past or cancelled) are dropped. Never rejects.
 * The paths come soonest first, and are kept in that order.
 */
export async function keepTicketsOffline(paths: readonly string[]): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const wanted = new Set(
      paths.filter((path) => TICKET_PAGE.test(path)).map((path) => new URL(path, location.origin).href),
    );
    const cache = await caches.open(SERVICE_WORKER_CACHES.tickets);
    for (const request of await cache.keys()) {
      if (!wanted.has(request.url)) await cache.delete(request);
    }
    const urls = [...wanted];
    const responses = await Promise.all(
      urls.map((url) => fetch(url, { credentials: 'same-origin', redirect: 'manual' })),
    );
    // Put one after the other, soonest first: a cache lists its keys in the order they were put, and the
    // offline page lists the tickets in that order (scripts/offline-page.ts).
    for (const [i, url] of urls.entries()) {
      const response = responses[i];
      if (response?.status === 200) await cache.put(url, response);
    }
  } catch {
    // Offline now, or storage refused: the tickets already kept stay as they are.
  }
}
