import vike from '@vikejs/hono';
import type { Server } from 'vike/types';
import { createRuntime, type Runtime } from '../server/main/runtime.ts';

// The Worker's Durable Object classes are exports of its main module (wrangler.toml).
export { RateLimitWindow } from '../server/main/runtime.ts';

const { app, scheduled } = createRuntime(process.env);
vike(app);

/** A path whose last segment has an extension (query string aside), like /sw.js or /assets/x.css. */
const FILE_PATH = /^[^?#]*\/[^/?#]*\.[a-z0-9]+(?:[?#]|$)/i;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * On Node, srvx looks for a static file before every request. Page and API paths never name a file, so
 * they go straight to the app: the file-system lookup would otherwise be a fifth of a cached page's cost.
 * Hashed build assets are cached for a year.
 */
async function routeRequest(request: Request, next: () => Response | Promise<Response>): Promise<Response> {
  const path = request.url.slice(request.url.indexOf('/', request.url.indexOf('//') + 2));
  if (!FILE_PATH.test(path)) return app.fetch(request);
  const response = await next();
  if (path.startsWith('/assets/') && response.ok) response.headers.set('Cache-Control', IMMUTABLE);
  return response;
}

export default {
  fetch: app.fetch,
  // Workers call it for the Cron Triggers; Node runs the same jobs on its own scheduler.
  ...(scheduled ? { scheduled } : {}),
  prod: { port: process.env.PORT ? Number(process.env.PORT) : 3000, middleware: [routeRequest] },
} satisfies Server & Pick<Runtime, 'scheduled'>;
