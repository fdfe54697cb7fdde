import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { SESSION_COOKIE } from './session.ts';

interface Entry {
  identity: ArrayBuffer;
  gzip: ArrayBuffer;
  headers: [string, string][];
  storedAt: number;
}

async function gzip(body: ArrayBuffer): Promise<ArrayBuffer> {
  return new Response(new Blob([body]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
}

/** Only visitors share pages: no session cookie, no bearer token, and no query string to vary on. */
function isShareable(c: Context<AppEnv>, url: URL): boolean {
  return (
    c.req.method === 'GET' &&
    !url.search &&
    !c.req.header('authorization') &&
    !c.req.header('cookie')?.includes(`${SESSION_COOKIE}=`) &&
    !c.req.header('cache-control')?.includes('no-cache')
  );
}

/**
 * A short shared cache for what visitors see, in this process and, through `s-maxage` and
 * `stale-while-revalidate`, at any edge cache in front. It sits first in the chain, so a hit costs no
 * session lookup and no render; the stored response already carries the security headers. Bodies are kept
 * plain and gzipped, and served gzipped to clients that accept it. Logged-in and `no-cache` requests are
 * rendered fresh; the count of available slots on the landing page is at most `ttlMs` old.
 */
export function sharedCache(paths: string[], ttlMs: number): MiddlewareHandler<AppEnv> {
  const entries = new Map<string, Entry>();
  const cacheControl = `public, max-age=0, s-maxage=${ttlMs / 1000}, stale-while-revalidate=${(3 * ttlMs) / 1000}`;
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!paths.includes(url.pathname) || !isShareable(c, url)) return next();
    const now = c.var.deps.clock.now().getTime();
    const hit = entries.get(url.pathname);
    if (hit && now - hit.storedAt < ttlMs) {
      const headers = new Headers(hit.headers);
      headers.set('x-cache', 'hit');
      const acceptsGzip = c.req.header('accept-encoding')?.includes('gzip');
      if (acceptsGzip) headers.set('content-encoding', 'gzip');
      return new Response(acceptsGzip ? hit.gzip : hit.identity, { headers });
    }
    await next();
    if (c.res.status !== 200 || c.res.headers.has('set-cookie')) return;
    c.res.headers.set('Cache-Control', cacheControl);
    c.res.headers.set('Vary', 'Accept-Encoding');
    const identity = await c.res.clone().arrayBuffer();
    const headers = [...c.res.headers].filter(
      ([name]) => name !== 'x-request-id' && name !== 'content-length',
    );
    entries.set(url.pathname, { identity, gzip: await gzip(identity), headers, storedAt: now });
  };
}
