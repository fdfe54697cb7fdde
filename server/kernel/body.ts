/*
 * A request's body read with a limit: a stream reader with no routing in it, shared by the front's limit on
 * form posts (http/body-limit.ts) and by the GraphQL endpoint, which reads its own (graphql/handler.ts).
 */

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
