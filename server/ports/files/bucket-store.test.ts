import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPlatformProxy } from 'wrangler';
import type { FileStore } from '../../kernel/ports/files.ts';
import { type BucketLike, bucketFileStore } from './bucket-store.ts';

/**
 * Against Miniflare's R2, the bucket `wrangler dev` gives a Worker, reached from Node through wrangler's
 * platform proxy (workerd runs it; nothing leaves the machine).
 */
let dir: string;
let store: FileStore;
let bucket: BucketLike;
let dispose: () => Promise<void>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'passerelle-r2-'));
  writeFileSync(
    join(dir, 'wrangler.toml'),
    [
      'name = "bucket-store-test"',
      'compatibility_date = "2026-10-01"',
      '[[r2_buckets]]',
      'binding = "FILES"',
      'bucket_name = "passerelle-files"',
    ].join('\n'),
  );
  // Offline: no telemetry, no download of the `cf` object.
  process.env.WRANGLER_SEND_METRICS = 'false';
  process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false';
  const proxy = await getPlatformProxy<{ FILES: BucketLike }>({
    configPath: join(dir, 'wrangler.toml'),
    persist: { path: join(dir, 'state') },
  });
  bucket = proxy.env.FILES;
  store = bucketFileStore(bucket);
  dispose = proxy.dispose;
}, 60_000);
afterAll(async () => {
  await dispose?.();
  rmSync(dir, { recursive: true, force: true });
});

const bytesOf = (text: string) => new TextEncoder().encode(text);
const read = async (body: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(body).arrayBuffer());

describe('the R2 bucket file store', () => {
  it('writes a file under its key and reads it back with its type and size', async () => {
    await store.put('companies/7/visit-documents/a.pdf', bytesOf('%PDF-1.4 bonjour'), 'application/pdf');
    const stored = await store.get('companies/7/visit-documents/a.pdf');
    expect(stored).toMatchObject({ contentType: 'application/pdf', size: 16 });
    expect(new TextDecoder().decode(await read(stored?.body as ReadableStream<Uint8Array>))).toBe(
      '%PDF-1.4 bonjour',
    );
  });

  it('streams a file larger than one chunk whole', async () => {
    const big = new Uint8Array(3_000_000).map((_, i) => i % 251);
    await store.put('big.bin', big, 'application/octet-stream');
    const stored = await store.get('big.bin');
    expect(stored?.size).toBe(3_000_000);
    expect(await read(stored?.body as ReadableStream<Uint8Array>)).toEqual(big);
  });

  it('answers null for a key with no file, replaces a file written again, deletes calmly', async () => {
    expect(await store.get('nothing/here.pdf')).toBeNull();
    await store.put('doc.png', bytesOf('first'), 'image/png');
    await store.put('doc.png', bytesOf('second'), 'image/jpeg');
    const stored = await store.get('doc.png');
    expect(stored?.contentType).toBe('image/jpeg');
    expect(new TextDecoder().decode(await read(stored?.body as ReadableStream<Uint8Array>))).toBe('second');
    await store.delete('doc.png');
    expect(await store.get('doc.png')).toBeNull();
    await expect(store.delete('doc.png')).resolves.toBeUndefined();
  });

  it('refuses the keys the folder store refuses, before reaching the bucket', async () => {
    for (const key of ['../escape.pdf', '/etc/passwd', 'a//b', '', '.hidden']) {
      await expect(store.put(key, bytesOf('x'), 'text/plain'), key).rejects.toThrow(/Invalid file key/);
      await expect(store.get(key), key).rejects.toThrow(/Invalid file key/);
    }
    expect(await bucket.get('../escape.pdf')).toBeNull();
  });
});
