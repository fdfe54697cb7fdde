import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../kernel/context.ts';
import { withRequestId } from './request-log.ts';
import { SESSION_COOKIE } from './session.ts';

/** Only visitors share pages: no session cookie, no bearer token, and no query string to vary on. */
function isShareable(c: Context<AppEnv>): boolean {
  return (
    c.req.method === 'GET' &&
    !c.req.url.includes('?') &&
    !c.req.header('authorization') &&
    !c.req.header('cookie')?.includes(`${SESSION_COOKIE}=`) &&
    !c.req.header('cache-control')?.includes('no-cache')
  );
}

/**
 * A short shared cache for what visitors see, in the request's `pageCache` and, through `s-maxage` and
 * `stale-while-revalidate`, at any edge cache in front. It sits first in the chain, so a hit costs no
 * session lookup and no render; the stored response already carries the security headers. Logged-in and
 * `no-cache` requests are rendered fresh; the count of available slots on the landing page is at most
 * `ttlMs` old. `paths` lists the shared paths, or tells them (the embeds, one per company).
 */
export function sharedCache(
  paths: string[] | ((path: string) => boolean),
  ttlMs: number,
): MiddlewareHandler<AppEnv> {
  const shared = typeof paths === 'function' ? paths : (path: string) => paths.includes(path);
  const cacheControl = `public, max-age=0, s-maxage=${ttlMs / 1000}, stale-while-revalidate=${(3 * ttlMs) / 1000}`;
  return async (c, next) => {
    const path = c.req.path;
    if (!shared(path) || !isShareable(c)) return next();
    const { pageCache, clock } = c.get('deps');
    const now = clock.now().getTime();
    const gzip = c.req.header('accept-encoding')?.includes('gzip') ?? false;
    const hit = await withRequestId(c, (requestId) =>
      pageCache.match(path, { gzip, now, headers: [requestId] }),
    );
    if (hit) return hit;
    await next();
    if (c.res.status !== 200 || c.res.headers.has('set-cookie')) return;
    c.res.headers.set('Cache-Control', cacheControl);
    c.res.headers.set('Vary', 'Accept-Encoding');
    const headers = [...c.res.headers].filter(
      ([name]) => name !== 'x-request-id' && name !== 'content-length',
    );
    headers.push(['x-cache', 'hit']);
    const stored = new Response(await c.res.clone().arrayBuffer(), { headers });
    await pageCache.put(path, stored, { now, ttlMs });
  };
}
