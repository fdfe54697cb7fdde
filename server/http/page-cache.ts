import { FastResponse } from 'srvx';
import type { PageCache } from '../kernel/page-cache.ts';
import { encodedAhead } from './compression.ts';

interface Variant {
  body: ArrayBuffer;
  headers: [string, string][];
}

interface Entry {
  identity: Variant;
  gzip: Variant;
  expiresAt: number;
}

async function gzip(body: ArrayBuffer): Promise<ArrayBuffer> {
  return new Response(new Blob([body]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer();
}

/** Keeps each page plain and gzipped with ready-made header lists: a hit costs a `Response` and no more. */
export function memoryPageCache(): PageCache {
  const entries = new Map<string, Entry>();
  return {
    async match(path, { gzip: acceptsGzip, now, headers }) {
      const hit = entries.get(path);
      if (!hit || now >= hit.expiresAt) return undefined;
      const variant = acceptsGzip ? hit.gzip : hit.identity;
      // srvx's own Response on Node (the native one on Workers): srvx writes its body to the socket at once,
      // where a native Response is read as a stream; a hit then costs half as much (docs/decisions/0009).
      const answer = new FastResponse(variant.body, { headers: [...variant.headers, ...headers] });
      if (acceptsGzip) encodedAhead.add(answer);
      return answer;
    },
    async put(path, response, { now, ttlMs }) {
      const body = await response.arrayBuffer();
      const headers = [...response.headers];
      entries.set(path, {
        identity: { body, headers },
        gzip: { body: await gzip(body), headers: [...headers, ['content-encoding', 'gzip']] },
        expiresAt: now + ttlMs,
      });
    },
  };
}

/** The part of the Workers Cache API this needs (`caches.default`). */
export interface CacheLike {
  match(request: Request): Promise<Response | undefined>;
  put(request: Request, response: Response): Promise<void>;
}

/**
 * The Cache API of the location: shared by every isolate there, expired by the stored `s-maxage`. Only the
 * plain body is kept; Cloudflare compresses what a Worker answers for the clients that accept it.
 */
export function edgePageCache(cache: CacheLike, origin: string): PageCache {
  const keyOf = (path: string) => new Request(new URL(path, origin));
  return {
    async match(path, { headers }) {
      const hit = await cache.match(keyOf(path));
      if (!hit) return undefined;
      // What the Cache API hands back has immutable headers.
      const answer = new Response(hit.body, hit);
      for (const [name, value] of headers) answer.headers.set(name, value);
      return answer;
    },
    async put(path, response) {
      await cache.put(keyOf(path), response);
    },
  };
}
