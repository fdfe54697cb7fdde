import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { compressed, encodingFor } from './compression.ts';
import { memoryPageCache } from './page-cache.ts';

const PAGE = `<!doctype html><html lang="fr"><body>${'<p>Visite d’entreprise à Lyon</p>'.repeat(200)}</body></html>`;

const page = (body: BodyInit | null = PAGE, type = 'text/html; charset=utf-8') =>
  new Response(body, { headers: { 'content-type': type } });
const asking = (encoding: string, method = 'GET') =>
  new Request('http://localhost/recherche', { method, headers: { 'accept-encoding': encoding } });

describe('encodingFor', () => {
  it('takes brotli first, then gzip, as the client allows them', () => {
    expect(encodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(encodingFor('gzip')).toBe('gzip');
    expect(encodingFor('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(encodingFor('*')).toBe('br');
    expect(encodingFor('identity')).toBeNull();
    expect(encodingFor(null)).toBeNull();
  });
});

describe('compressed', () => {
  it('compresses a page with brotli or gzip, as asked, saying so', async () => {
    const br = compressed(asking('gzip, br'), page());
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brotliDecompressSync(brBytes).toString()).toBe(PAGE);
    expect(brBytes.byteLength).toBeLessThan(PAGE.length / 10);
    const gzip = compressed(asking('gzip'), page());
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(PAGE);
  });

  it('leaves alone what is small, already compressed, not asked for, or a HEAD', async () => {
    expect(compressed(asking('br'), page(PAGE, 'image/png')).headers.get('content-encoding')).toBeNull();
    expect(compressed(asking('identity'), page()).headers.get('content-encoding')).toBeNull();
    expect(compressed(asking('br', 'HEAD'), page()).headers.get('content-encoding')).toBeNull();
    const small = new Response('{"a":1}', {
      headers: { 'content-type': 'application/json', 'content-length': '7' },
    });
    expect(compressed(asking('br'), small)).toBe(small);
  });

  it('sends the shared pages’ gzipped hits as they are, without reading their headers', async () => {
    const cache = memoryPageCache();
    await cache.put('/', page(), { now: 0, ttlMs: 10_000 });
    const hit = await cache.match('/', { gzip: true, now: 1, headers: [] });
    if (!hit) throw new Error('no hit');
    const headers = vi.spyOn(hit, 'headers', 'get');
    expect(compressed(asking('gzip, br'), hit)).toBe(hit);
    expect(headers).not.toHaveBeenCalled();
    const plain = await cache.match('/', { gzip: false, now: 1, headers: [] });
    expect(compressed(asking('br'), plain as Response).headers.get('content-encoding')).toBe('br');
  });

  it('keeps a streamed page streamed: each part leaves as it comes', async () => {
    let finish = () => {};
    const ended = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const source = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(new TextEncoder().encode(`<header>${'début '.repeat(300)}</header>`));
        await ended;
        controller.enqueue(new TextEncoder().encode('<footer>fin</footer>'));
        controller.close();
      },
    });
    const reader = compressed(asking('br'), page(source)).body?.getReader();
    const first = await reader?.read();
    const unzip = createBrotliDecompress();
    const text = new Promise<string>((resolve) =>
      unzip.once('data', (chunk: Buffer) => resolve(chunk.toString())),
    );
    unzip.write(first?.value);
    expect(await text).toContain('<header>début');
    finish();
  });
});
