import type { Context, MiddlewareHandler } from 'hono';
import { readBody, TOO_LARGE } from '../kernel/body.ts';
import type { AppEnv } from '../kernel/context.ts';

/**
 * What a page's plain form may post (issue 34): our largest form, a slot with its description, is a few
 * kilobytes; a megabyte is plenty. Files go to /graphql's multipart uploads, which have their own limits.
 */
export const FORM_POST_MAX_BYTES = 1024 * 1024;

/**
 * Refuses a body over `maxBytes` (or what `maxBytesOf` says for the request; null: not this one) with
 * `tooLarge`, before more than the limit is read, with or without Content-Length. The body read is put back
 * as the request's own, whole: what comes after reads it as sent. Unlike hono/body-limit, it never makes a
 * Request of the incoming one (Node's adapter's request is not one, and a chunked body then answered 500).
 */
export function limitBody(
  maxBytesOf: number | ((c: Context<AppEnv>) => number | null),
  tooLarge: (c: Context<AppEnv>) => Response | Promise<Response>,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const request = c.req.raw;
    // The method first: on Node, asking a GET for its body makes a stream for it (srvx's request is lazy),
    // which cost the visitors' cached landing two thirds of its rate.
    if (request.method === 'GET' || request.method === 'HEAD') return next();
    const maxBytes = typeof maxBytesOf === 'number' ? maxBytesOf : maxBytesOf(c);
    if (maxBytes === null || request.body === null) return next();
    const body = await readBody(request, maxBytes);
    if (body === TOO_LARGE) return tooLarge(c);
    c.req.raw = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body,
      signal: request.signal,
    });
    await next();
  };
}
