import type { ExecutionContext } from 'hono';
import { compressed } from '../http/compression.ts';

type Fetch = (
  request: Request,
  env?: unknown,
  executionCtx?: ExecutionContext,
) => Response | Promise<Response>;

/** A path whose last segment has an extension (query string aside), like /sw.js or /assets/x.css. */
const FILE_PATH = /^[^?#]*\/[^/?#]*\.[a-z0-9]+(?:[?#]|$)/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Node's stand-in for a Worker's execution context: work a request leaves behind runs on by itself there,
 * so there is nothing to wait for. Without one, Hono throws when asked, and @vikejs/hono asks on every page
 * it renders: making that error was 5 % of a fresh landing's CPU (docs/decisions/0076).
 */
export const NODE_EXECUTION_CONTEXT: ExecutionContext = {
  waitUntil() {},
  passThroughOnException() {},
  props: {},
};

/**
 * The Node server's first middleware (pages/+server.ts). srvx looks for a static file before every
 * request; page and API paths never name a file, so they go straight to the app, with Node's execution
 * context: the file-system lookup would otherwise be a fifth of a cached page's cost. Hashed build
 * assets are cached for a year. Every answer is compressed as the client asks (compression.ts).
 */
export function nodeRequestRouting(fetch: Fetch) {
  return async function routeRequest(
    request: Request,
    next: () => Response | Promise<Response>,
  ): Promise<Response> {
    const path = request.url.slice(request.url.indexOf('/', request.url.indexOf('//') + 2));
    if (!FILE_PATH.test(path))
      return compressed(request, await fetch(request, undefined, NODE_EXECUTION_CONTEXT));
    const response = await next();
    if (path.startsWith('/assets/') && response.ok) response.headers.set('Cache-Control', IMMUTABLE);
    return compressed(request, response);
  };
}
