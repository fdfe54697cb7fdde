import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

interface Entry {
  body: ArrayBuffer;
  status: number;
  headers: [string, string][];
  storedAt: number;
}

/**
 * A short shared cache for what visitors see, in this process and, through `s-maxage` and
 * `stale-while-revalidate`, at any edge cache in front. Logged-in requests and `Cache-Control: no-cache`
 * requests are rendered fresh. The count of available slots on the landing page is at most `ttlMs` old.
 */
export function sharedCache(ttlMs: number): MiddlewareHandler<AppEnv> {
  const entries = new Map<string, Entry>();
  const cacheControl = `public, max-age=0, s-maxage=${ttlMs / 1000}, stale-while-revalidate=${(3 * ttlMs) / 1000}`;
  return async (c, next) => {
    const url = new URL(c.req.url);
    // Query strings are left out so that nobody can fill the cache with endless variants of a page.
    if (
      c.req.method !== 'GET' ||
      url.search ||
      c.var.viewer ||
      c.req.header('cache-control')?.includes('no-cache')
    ) {
      return next();
    }
    const key = url.pathname;
    const now = c.var.deps.clock.now().getTime();
    const hit = entries.get(key);
    if (hit && now - hit.storedAt < ttlMs) {
      return new Response(hit.body, { status: hit.status, headers: [...hit.headers, ['x-cache', 'hit']] });
    }
    await next();
    if (c.res.status !== 200 || c.res.headers.has('set-cookie')) return;
    c.res.headers.set('Cache-Control', cacheControl);
    const body = await c.res.clone().arrayBuffer();
    entries.set(key, { body, status: c.res.status, headers: [...c.res.headers], storedAt: now });
  };
}
