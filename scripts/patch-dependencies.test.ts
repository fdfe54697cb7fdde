import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type Client, createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { startHranaServer } from '../tests/fixtures/hrana-server.ts';
import { applyPatches, PATCHES } from './patch-dependencies.ts';

describe('the dependencies’ patches (docs/decisions/0061)', () => {
  it('are applied to the installed packages', () => {
    for (const patch of PATCHES) {
      expect(readFileSync(patch.file, 'utf8'), patch.file).toContain(patch.marker);
    }
  });

  it('vike counts a request’s renders without walking every other request’s counter', async () => {
    const file = new URL('../node_modules/vike/dist/utils/catchInfiniteLoop.js', import.meta.url);
    const { catchInfiniteLoop } = await import(file.href);
    const started = performance.now();
    for (let i = 0; i < 20_000; i++) catchInfiniteLoop(`[request-${i}] renderPageServerEntryRecursive()`);
    // Walking all counters each time took seconds for 20,000 requests; counting alone takes milliseconds.
    expect(performance.now() - started).toBeLessThan(500);
    // An endless loop within one request is still caught.
    expect(() => {
      for (let i = 0; i < 100; i++) catchInfiniteLoop('[request-x] renderPageServerEntryRecursive()');
    }).toThrow(/infinite loop/);
  });

  it('vike resolves Route Strings as before, each compiled once', async () => {
    const file = new URL(
      '../node_modules/vike/dist/shared-server-client/route/resolveRouteString.js',
      import.meta.url,
    );
    const { resolveRouteString } = await import(file.href);
    expect(resolveRouteString('/company-details/@id', '/company-details/12')).toEqual({
      routeParams: { id: '12' },
    });
    expect(resolveRouteString('/company-details/@id', '/company-details/12/')).toEqual({
      routeParams: { id: '12' },
    });
    expect(resolveRouteString('/company-details/@id', '/company-details')).toBeNull();
    expect(resolveRouteString('/meetings/@id/billet', '/meetings/7/billet')).toEqual({
      routeParams: { id: '7' },
    });
    expect(resolveRouteString('/docs/*', '/docs/a/b')).toEqual({ routeParams: { '*': 'a/b' } });
    expect(resolveRouteString('/a.b', '/aXb')).toBeNull();
    expect(() => resolveRouteString('pas-de-barre', '/x')).toThrow(/Route String/);
    const started = performance.now();
    for (let i = 0; i < 50_000; i++)
      resolveRouteString('/meetings-teacher/@id/transport', `/meetings-teacher/${i}`);
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('vike’s objectAssign keeps every property’s descriptor, assigning the plain values', async () => {
    const file = new URL('../node_modules/vike/dist/utils/objectAssign.js', import.meta.url);
    const { objectAssign } = await import(file.href);
    const symbol = Symbol('s');
    const addendum = { plain: 1, [symbol]: 2, replaced: 'new' };
    Object.defineProperty(addendum, 'computed', { get: () => 3, enumerable: true, configurable: true });
    Object.defineProperty(addendum, 'hidden', { value: 4, writable: true, configurable: true });
    Object.defineProperty(addendum, 'fixed', { value: 5, enumerable: true });
    const target: Record<string | symbol, unknown> = {};
    let setterCalls = 0;
    Object.defineProperty(target, 'replaced', {
      set: () => setterCalls++,
      enumerable: true,
      configurable: true,
    });
    objectAssign(target, addendum);
    expect(Object.getOwnPropertyDescriptors(target)).toEqual(Object.getOwnPropertyDescriptors(addendum));
    // A setter the target had is replaced, never called.
    expect(setterCalls).toBe(0);
    expect(Reflect.ownKeys(target)).toEqual(['replaced', 'plain', 'computed', 'hidden', 'fixed', symbol]);
    // The original object of a page context is still refused where vike refuses it.
    expect(() => objectAssign({}, { _isOriginalObject: true })).toThrow();
  });

  it('vike parses a URL as before, a copy of the last one given again', async () => {
    const file = new URL('../node_modules/vike/dist/utils/parseUrl.js', import.meta.url);
    const { parseUrl } = await import(file.href);
    const url =
      'https://exemple.fr:8443/base/company-details/12?sector=metallurgy&sector=food&q=%C3%A9t%C3%A9#carte';
    const first = parseUrl(url, '/base');
    expect(first).toMatchObject({
      origin: 'https://exemple.fr:8443',
      hostname: 'exemple.fr',
      port: 8443,
      pathname: '/company-details/12',
      search: { sector: 'food', q: 'été' },
      searchAll: { sector: ['metallurgy', 'food'], q: ['été'] },
      hash: 'carte',
      isBaseMissing: false,
    });
    first.search.sector = 'changed';
    first.searchAll.sector.push('changed');
    const again = parseUrl(url, '/base');
    expect(again).not.toBe(first);
    expect(again.search).toEqual({ sector: 'food', q: 'été' });
    expect(again.searchAll).toEqual({ sector: ['metallurgy', 'food'], q: ['été'] });
    again.searchAll.q.push('changed');
    expect(parseUrl(url, '/base').searchAll.q).toEqual(['été']);
    // Another base, another URL: parsed for what they are.
    expect(parseUrl(url, '/').pathname).toBe('/base/company-details/12');
    expect(parseUrl('/faq?x=1', '/')).toMatchObject({ pathname: '/faq', search: { x: '1' }, origin: null });
  });

  it('@libsql/client’s rows show what they showed, built without a property definition per value', async () => {
    const client = createClient({ url: ':memory:' });
    try {
      await expectRowsAsBefore(client);
    } finally {
      client.close();
    }
  });

  it('@libsql/client’s rows over HTTP show the same, built the same way', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'passerelle-hrana-rows-'));
    const server = await startHranaServer({ path: join(dir, 'rows.db'), authToken: 'rows' });
    const client = createClient({ url: server.url, authToken: 'rows' });
    try {
      await expectRowsAsBefore(client);
    } finally {
      client.close();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('applies once, and leaves a file that changed upstream alone', () => {
    const root = mkdtempSync(join(tmpdir(), 'passerelle-patches-'));
    try {
      const lines: string[] = [];
      const log = (line: string) => lines.push(line);
      // Each file as the original texts its patches replace, in order; patched, the texts they put in.
      const files = [...new Set(PATCHES.map((patch) => patch.file))];
      const ofFile = (file: string) => PATCHES.filter((patch) => patch.file === file);
      for (const file of files) {
        mkdirSync(dirname(join(root, file)), { recursive: true });
        writeFileSync(
          join(root, file),
          ofFile(file)
            .map((patch) => `// …\n${patch.from}\n`)
            .join(''),
        );
      }
      expect(applyPatches(root, log)).toBe(true);
      expect(applyPatches(root, log)).toBe(true);
      expect(lines.filter((line) => line.endsWith('patched'))).toHaveLength(PATCHES.length);
      for (const file of files) {
        const text = readFileSync(join(root, file), 'utf8');
        expect(text).toBe(
          ofFile(file)
            .map((patch) => `// …\n${patch.to}\n`)
            .join(''),
        );
        writeFileSync(join(root, file), '// rewritten upstream\n');
      }
      expect(applyPatches(root, log)).toBe(false);
      expect(lines.at(-1)).toContain('changed upstream');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

/** What a row showed before the patches (LIBSQL_ROWS, HRANA_ROWS), whichever client reads it. */
async function expectRowsAsBefore(client: Client): Promise<void> {
  const { rows, columns } = await client.execute(
    "SELECT 1 AS id, 'Acier' AS name, 9007199254740991 AS big, x'00ff' AS blob, 2 AS id, 3 AS length, 4 AS \"0\"",
  );
  const [row] = rows as unknown as [Record<string | number, unknown>];
  expect(columns).toEqual(['id', 'name', 'big', 'blob', 'id', 'length', '0']);
  // Names enumerable, the first of a repeated name kept; indexes and length not enumerable.
  expect(Object.keys(row)).toEqual(['id', 'name', 'big', 'blob']);
  expect(JSON.parse(JSON.stringify(row))).toEqual({ id: 1, name: 'Acier', big: 9007199254740991, blob: {} });
  expect(row.length).toBe(7);
  expect(Array.prototype.slice.call(row)).toEqual([1, 'Acier', 9007199254740991, row.blob, 2, 3, 4]);
  expect(row.blob).toBeInstanceOf(ArrayBuffer);
  expect({ ...row }).toEqual({ id: 1, name: 'Acier', big: 9007199254740991, blob: row.blob });
  // Another statement's columns make rows of their own.
  const other = (await client.execute('SELECT 5 AS a')).rows[0] as unknown as Record<string, unknown>;
  expect(Object.keys(other)).toEqual(['a']);
  expect(other[0]).toBe(5);
}
