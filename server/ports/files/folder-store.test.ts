import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FileStore } from '../../kernel/ports/files.ts';
import { folderFileStore } from './folder-store.ts';

let dir: string;
let store: FileStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'passerelle-folder-'));
  // A folder that does not exist yet: the store creates it on the first write.
  store = folderFileStore(join(dir, 'uploads'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const bytesOf = (text: string) => new TextEncoder().encode(text);
const read = async (body: ReadableStream<Uint8Array>) =>
  new Uint8Array(await new Response(body).arrayBuffer());

describe('the folder file store', () => {
  it('writes a file under its key, creating the folders, and reads it back with its type and size', async () => {
    expect(existsSync(join(dir, 'uploads'))).toBe(false);
    await store.put('companies/7/visit-documents/a.pdf', bytesOf('%PDF-1.4 bonjour'), 'application/pdf');
    expect(readFileSync(join(dir, 'uploads/companies/7/visit-documents/a.pdf'), 'utf8')).toBe(
      '%PDF-1.4 bonjour',
    );

    const stored = await store.get('companies/7/visit-documents/a.pdf');
    expect(stored).toMatchObject({ contentType: 'application/pdf', size: 16 });
    expect(new TextDecoder().decode(await read(stored?.body as ReadableStream<Uint8Array>))).toBe(
      '%PDF-1.4 bonjour',
    );
  });

  it('reads a file larger than one chunk whole', async () => {
    const big = new Uint8Array(200_000).map((_, i) => i % 251);
    await store.put('big.bin', big, 'application/octet-stream');
    const stored = await store.get('big.bin');
    expect(stored?.size).toBe(200_000);
    expect(await read(stored?.body as ReadableStream<Uint8Array>)).toEqual(big);
  });

  it('answers null for a key with no file', async () => {
    expect(await store.get('nothing/here.pdf')).toBeNull();
  });

  it('replaces a file written again under the same key, and leaves no temporary file behind', async () => {
    await store.put('doc.png', bytesOf('first'), 'image/png');
    await store.put('doc.png', bytesOf('second'), 'image/jpeg');
    const stored = await store.get('doc.png');
    expect(stored?.contentType).toBe('image/jpeg');
    expect(new TextDecoder().decode(await read(stored?.body as ReadableStream<Uint8Array>))).toBe('second');
    expect(readdirSync(join(dir, 'uploads')).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('deletes a file and its type, and takes a missing key calmly', async () => {
    await store.put('a/b.zip', bytesOf('PK'), 'application/zip');
    await store.delete('a/b.zip');
    expect(await store.get('a/b.zip')).toBeNull();
    expect(readdirSync(join(dir, 'uploads/a'))).toEqual([]);
    await expect(store.delete('a/b.zip')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../escape.pdf', '/etc/passwd', 'a/../../b', 'a//b', '', '.hidden', 'a/./b']) {
      await expect(store.put(key, bytesOf('x'), 'text/plain'), key).rejects.toThrow(/Invalid file key/);
      await expect(store.get(key), key).rejects.toThrow(/Invalid file key/);
    }
    expect(existsSync(join(dir, 'escape.pdf'))).toBe(false);
  });

  it('opens nothing for a file whose body is never read', async () => {
    await store.put('unread.pdf', bytesOf('%PDF-'), 'application/pdf');
    const stored = await store.get('unread.pdf');
    await stored?.body.cancel();
    await store.delete('unread.pdf');
    expect(await store.get('unread.pdf')).toBeNull();
  });
});
