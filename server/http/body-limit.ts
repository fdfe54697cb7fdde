import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../kernel/context.ts';

/**
 * What a page's plain form may post (issue 34): our largest form, a slot with its description, is a few
 * kilobytes; a megabyte is plenty. Files go to /graphql's multipart uploads, which have their own limits.
 */
export const FORM_POST_MAX_BYTES = 1024 * 1024;

export const TOO_LARGE = Symbol('too large');

/**
 * The body's bytes, never more than `maxBytes` of them in memory. A declared length over the limit is
 * refused before reading; a body without one (chunked) is counted chunk by chunk and dropped as soon as it
 * passes the limit. A declared length under the limit is checked too: an in-process caller's header may lie.
 */
export async function readBody(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | typeof TOO_LARGE> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return TOO_LARGE;
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** The body as text, or TOO_LARGE (readBody). */
export async function readBodyText(request: Request, maxBytes: number): Promise<string | typeof TOO_LARGE> {
  const bytes = await readBody(request, maxBytes);
  return bytes === TOO_LARGE ? TOO_LARGE : new TextDecoder().decode(bytes);
}

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
