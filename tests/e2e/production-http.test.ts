import { request as httpRequest } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './support/server.ts';

/**
 * Issue 34's probe, against the built Node server as `npm start` runs it: bodies too large or sent without
 * a length are refused in a word, never read whole nor answered 500; pages leave compressed; a page says
 * which powerful features it may use.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

/**
 * The status of a post whose body is sent without Content-Length (chunked), `bytes` long in 64 KB chunks,
 * read as soon as the server answers: the server may answer and close before the script is done sending.
 */
function postChunked(path: string, bytes: number, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, server.baseURL), {
      method: 'POST',
      headers: { origin: server.baseURL, 'transfer-encoding': 'chunked', ...headers },
    });
    let answered = false;
    req.on('response', (response) => {
      answered = true;
      resolve(response.statusCode ?? 0);
      response.resume();
      req.destroy();
    });
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let left = bytes;
    const write = () => {
      while (left > 0 && !answered) {
        const part = left >= chunk.byteLength ? chunk : chunk.subarray(0, left);
        left -= part.byteLength;
        if (!req.write(part)) return void req.once('drain', write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

describe('the Node server’s bodies, answers and headers (issue 34)', () => {
  it('refuses a 300 MB form post from its declared length, before the body is sent', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL('/login-teacher', server.baseURL);
      const req = httpRequest(url, {
        method: 'POST',
        headers: {
          origin: server.baseURL,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(300 * 1024 * 1024),
        },
      });
      req.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        req.destroy();
      });
      req.on('error', reject);
      req.write('email=a');
    });
    expect(status).toBe(413);
  });

  it('refuses a chunked form post once it passes a megabyte, and the routes with limits of their own never answer 500', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(await postChunked('/login-teacher', 50 * 1024 * 1024, form)).toBe(413);
    expect(await postChunked('/unsubscribe/inconnu', 100, form)).toBe(400);
    expect(await postChunked('/unsubscribe/inconnu', 10_000, form)).toBe(413);
    expect(await postChunked('/api/video/livekit-webhook', 100)).toBe(404);
    expect(await postChunked('/api/video/livekit-webhook', 1_000_000)).toBe(413);
    expect(await postChunked('/graphql', 100, { 'content-type': 'multipart/form-data; boundary=x' })).toBe(
      400,
    );
    const json = await fetch(`${server.baseURL}/graphql`, {
      method: 'POST',
      body: new Blob([JSON.stringify({ query: '{ __typename }' })]).stream(),
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(await json.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('sends the search page compressed as the browser asks, and a page’s Permissions-Policy', async () => {
    const plain = await fetch(`${server.baseURL}/search-companies`, {
      headers: { 'accept-encoding': 'identity' },
    });
    const html = await plain.text();
    // fetch would decompress by itself: node:http reads the bytes as they travel.
    const { headers, body } = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = httpRequest(new URL('/search-companies', server.baseURL), {
          headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
        });
        req.on('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      },
    );
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toContain('Accept-Encoding');
    const page = brotliDecompressSync(body).toString();
    expect(page.includes('<h1>Chercher une entreprise</h1>')).toBe(true);
    // The same page, but for the ids React draws for its islands.
    expect(Math.abs(page.length - html.length)).toBeLessThan(200);
    expect(body.byteLength).toBeLessThan(html.length / 4);
    expect(plain.headers.get('permissions-policy')).toContain('camera=()');
  });
});
