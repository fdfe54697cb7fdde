import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeCacheStorage, WORKER_CACHES } from '../tests/fixtures/fake-cache-storage.ts';
import { forgetPages } from './page-cache.ts';

afterEach(() => vi.unstubAllGlobals());

describe('forgetPages', () => {
  it('empties the page caches, this worker’s and an older one’s, and keeps the assets and the precache', async () => {
    const storage = fakeCacheStorage(WORKER_CACHES);
    await forgetPages();
    expect(storage.deleted.sort()).toEqual(['pages', 'public-pages']);
    expect(storage.names()).toEqual(['assets', 'workbox-precache-v2-http://localhost:3000/']);
  });

  it('does nothing where there is no Cache Storage, and never rejects', async () => {
    vi.stubGlobal('caches', undefined);
    await expect(forgetPages()).resolves.toBeUndefined();
    vi.stubGlobal('caches', { keys: () => Promise.reject(new DOMException('refused', 'SecurityError')) });
    await expect(forgetPages()).resolves.toBeUndefined();
  });
});
