import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

const REQUEST_ID = /^[\w-]{8,64}$/;

/** Gives every request an id (kept from a proxy's X-Request-Id when sane), returns it, and logs one line per request. */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const incoming = c.req.header('x-request-id');
  const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
  c.set('requestId', requestId);
  const started = performance.now();
  await next();
  c.header('X-Request-Id', requestId);
  c.var.deps.log.info('request', {
    requestId,
    method: c.req.method,
    path: c.req.path,
    status: c.res.status,
    durationMs: Math.round((performance.now() - started) * 10) / 10,
    userId: c.var.viewer?.id,
  });
};
