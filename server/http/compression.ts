import { pipeline, Readable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

/** What is worth compressing: text, JSON, JavaScript, CSV, SVG. Pictures, PDFs and archives already are. */
const COMPRESSIBLE =
  /^(text\/|application\/(json|graphql-response\+json|javascript|manifest\+json|xml)|image\/svg\+xml)/i;
/** Below this, the headers of compression cost more than they save. */
const MIN_BYTES = 1024;
/**
 * Brotli's quality for answers made on demand: 4 is where Cloudflare's own dynamic compression sits, a
 * millisecond for a 40 KB page, against tens at the default 11 for a few percent less.
 */
const BROTLI_QUALITY = 4;

/** The encoding the client asks for, brotli first: `br`, `gzip`, or null (none, or refused with q=0). */
export function encodingFor(acceptEncoding: string | null): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*');
  const allowed = (name: string) => (accepted.get(name) ?? wildcard ?? 0) > 0;
  if (allowed('br')) return 'br';
  if (allowed('gzip')) return 'gzip';
  return null;
}

/**
 * Answers made already compressed (a shared page's gzipped hit): sent as they are, without a look at their
 * headers. On Node, reading a header of srvx's response builds a `Headers` from its list, and that cost
 * the visitors' cached landing a third of its rate (issue 34, like docs/decisions/0071's request id).
 */
export const encodedAhead = new WeakSet<Response>();

/**
 * The answer compressed as the client asks (issue 34): on Node, where no proxy does it as Cloudflare does
 * in front of the Worker. Each chunk is flushed as it comes, so a streamed page or export stays streamed.
 */
export function compressed(request: Request, response: Response): Response {
  if (encodedAhead.has(response)) return response;
  // The request first: nothing of the response is touched when nothing is to be compressed.
  if (request.method === 'HEAD') return response;
  const encoding = encodingFor(request.headers.get('accept-encoding'));
  if (!encoding) return response;
  // The headers before the body: asking for srvx's body turns it into a stream.
  const { headers: given } = response;
  if (given.has('content-encoding') || !COMPRESSIBLE.test(given.get('content-type') ?? '')) return response;
  if (!response.body) return response;
  const length = given.get('content-length');
  if (length !== null && Number(length) < MIN_BYTES) return response;
  const zip =
    encoding === 'br'
      ? createBrotliCompress({
          flush: constants.BROTLI_OPERATION_FLUSH,
          params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY },
        })
      : createGzip({ flush: constants.Z_SYNC_FLUSH });
  // A failure of the source ends the compressed body too, instead of leaving it open.
  pipeline(Readable.fromWeb(response.body as never), zip, () => {});
  const headers = new Headers(given);
  headers.delete('content-length');
  headers.set('content-encoding', encoding);
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (!/accept-encoding|\*/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
  return new Response(Readable.toWeb(zip) as ReadableStream, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
