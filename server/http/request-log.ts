import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../kernel/config.ts';
import type { AppEnv, Deps } from '../kernel/context.ts';
import type { Logger } from '../kernel/logger.ts';
import { runsOnWorkers } from '../kernel/runtime.ts';
import { type AddressPolicy, clientAddress, peerAddress } from './client-address.ts';

/**
 * Where a request's dependencies come from: the process's, the same for every request (Node, tests), or
 * made for each request (Workers: a database client per request, docs/decisions/0025).
 */
export type DepsSource =
  | Deps
  | {
      config: Config;
      log: Logger;
      forRequest(c: Context<AppEnv>): Deps;
      /** Runs the rest of the request inside what it needs of its own (its database client). */
      within<T>(work: () => Promise<T>): Promise<T>;
    };

const depsFor = (source: DepsSource, c: Context<AppEnv>): Deps =>
  'forRequest' in source ? source.forRequest(c) : source;

const REQUEST_ID = /^[\w-]{8,64}$/;

/** Paths whose last segment is a signed link that acts without a login (docs/decisions/0038). */
const SIGNED_LINK_PATH = /^\/(unsubscribe|meeting-action)\/[^/]+/;

/** The path as the logs keep it: a signed link's token is left out, so that reading the logs gives no link. */
export const pathForLogs = (path: string): string => path.replace(SIGNED_LINK_PATH, '/$1/…');

/** Answers that carry their X-Request-Id from the start (withRequestId): requestContext leaves them as they are. */
const madeWithRequestId = new WeakSet<Response>();

/**
 * A ready-made answer (a shared page's hit) given the request's X-Request-Id among the headers it is made
 * with. Setting a header on a response made from a list of headers turns the list into a `Headers` object
 * first: on Node that was a quarter of a cache hit's cost (docs/decisions/0071).
 */
export async function withRequestId(
  c: Context<AppEnv>,
  make: (header: [string, string]) => Promise<Response | undefined>,
): Promise<Response | undefined> {
  const response = await make(['x-request-id', c.get('requestId')]);
  if (response) madeWithRequestId.add(response);
  return response;
}

/**
 * The first middleware: hands the request its dependencies, an id (kept from a proxy's X-Request-Id
 * when sane) and the client's address (client-address.ts), returns the id, and logs one structured line
 * per request.
 */
export function requestContext(
  source: DepsSource,
  policy: AddressPolicy = { trustProxy: source.config.TRUST_PROXY, onWorkers: runsOnWorkers() },
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    c.set('deps', depsFor(source, c));
    c.set('viewer', null);
    c.set('requestId', requestId);
    // Read from the original request: the GraphQL handler may replace c.req.raw, and the copy has no ip.
    c.set('clientIp', clientAddress(c.req.raw, policy));
    c.set('peerAddress', peerAddress(c.req.raw, policy));
    const started = performance.now();
    await ('within' in source ? source.within(next) : next());
    // Set on the response itself: c.header() after the response exists would rebuild it around its body.
    if (!madeWithRequestId.has(c.res)) c.res.headers.set('X-Request-Id', requestId);
    source.log.info('request', {
      requestId,
      method: c.req.method,
      path: pathForLogs(c.req.path),
      status: c.res.status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      userId: c.get('viewer')?.id,
    });
  };
}
