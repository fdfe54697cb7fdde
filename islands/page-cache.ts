import { isPageCache } from '../common/service-worker.ts';

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
