import type { MiddlewareHandler } from 'hono';
import { type AddressPolicy, clientAddress, peerAddress, runsOnWorkers } from './client-address.ts';
import type { AppEnv, Deps } from './context.ts';

const REQUEST_ID = /^[\w-]{8,64}$/;

/**
 * The first middleware: hands the request its dependencies, an id (kept from a proxy's X-Request-Id
 * when sane) and the client's address (client-address.ts), returns the id, and logs one structured line
 * per request.
 */
export function requestContext(
  deps: Deps,
  policy: AddressPolicy = { trustProxy: deps.config.TRUST_PROXY, onWorkers: runsOnWorkers() },
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set('deps', deps);
    c.set('viewer', null);
    c.set('requestId', requestId);
    // Read from the original request: the GraphQL handler may replace c.req.raw, and the copy has no ip.
    c.set('clientIp', clientAddress(c.req.raw, policy));
    c.set('peerAddress', peerAddress(c.req.raw, policy));
    const started = performance.now();
    await next();
    // Set on the response itself: c.header() after the response exists would rebuild it around its body.
    c.res.headers.set('X-Request-Id', requestId);
    deps.log.info('request', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      userId: c.var.viewer?.id,
    });
  };
}
