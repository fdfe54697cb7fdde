import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { budget } from './support.ts';

/**
 * The JavaScript each page makes the browser download, gzipped, from the client build's manifest
 * (`npm run build` first). An HTML-only page loads its `+client.ts` entry, the islands it places (each a
 * dynamic import of islands/registry.ts) and the chunks they import; /sw-register.js comes with every page.
 * The map's chunk (Leaflet, supercluster) loads only when the map tab opens: it is counted on its own.
 */

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const SEARCH_PAGE_JS_BUDGET_BYTES = 150 * 1024;
const MAP_CHUNK = 'islands/search/map/company-map.tsx';
/** The LiveKit room, loaded by the video room's island in the browser (issue 6). */
const ROOM_CHUNK = 'islands/video/room-app.tsx';
const ROOM_PAGE = '/meeting-videoconference/@id';
const SERVICE_WORKER_REGISTRATION = 'sw-register.js';

/** Vike moves Vite's client manifest to dist/assets.json; a plain Vite build leaves it in .vite/. */
export function readClientManifest(dist = 'dist'): Manifest {
  for (const path of [join(dist, 'assets.json'), join(dist, 'client/.vite/manifest.json')]) {
    if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
  }
  throw new Error(`No client manifest in ${dist}: run npm run build first.`);
}

/** The files a set of entries loads: themselves and what they import statically, transitively. */
function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the client manifest`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * Island name → the manifest key of the chunk its loader imports. The registry's `import()`s are listed in
 * its chunk's `dynamicImports` in source order; a module that another chunk also imports statically is
 * listed there by its shared chunk's key rather than its path.
 */
function islandChunks(manifest: Manifest): Map<string, string> {
  const source = readFileSync('islands/registry.ts', 'utf8');
  const entries = [...source.matchAll(/(\w+):\s*\(\)\s*=>\s*import\('\.\/([^']+)'\)/g)].map(
    (match) => [match[1] as string, `islands/${match[2]}`] as const,
  );
  const registry = Object.values(manifest).find(
    (chunk) =>
      chunk.dynamicImports?.length === entries.length &&
      entries.some(([, path]) => chunk.dynamicImports?.includes(path)),
  );
  if (!registry?.dynamicImports) throw new Error('The islands registry is not in the client manifest');
  const imports = registry.dynamicImports;
  return new Map(entries.map(([name], index) => [name, imports[index] as string]));
}

/**
 * The islands a page places (`<Island name="…"`) in its own .tsx files and in the pages/ components they
 * import; not the layout's, which depend on the viewer.
 */
function islandsOfPage(dir: string): string[] {
  const names = new Set<string>();
  const read = new Set<string>();
  const visit = (path: string) => {
    if (read.has(path) || !existsSync(path)) return;
    read.add(path);
    const source = readFileSync(path, 'utf8');
    for (const match of source.matchAll(/<Island\s+name="(\w+)"/g)) names.add(match[1] as string);
    for (const match of source.matchAll(/from '(\.{1,2}\/[^']+\.tsx)'/g)) {
      const imported = join(dirname(path), match[1] as string);
      if (imported.startsWith('pages/') && !imported.startsWith('pages/layout/')) visit(imported);
    }
  };
  for (const file of readdirSync(join('pages', dir), { withFileTypes: true })) {
    if (file.isFile() && file.name.endsWith('.tsx')) visit(join('pages', dir, file.name));
  }
  return [...names];
}

export interface PageWeight {
  page: string;
  files: number;
  gzipBytes: number;
}

function gzipSize(clientDir: string, files: Iterable<string>): number {
  let total = 0;
  for (const file of files) total += gzipSync(readFileSync(join(clientDir, file))).length;
  return total;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Prints the gzipped JavaScript of each page with a client entry, of the landing page, of the map chunk and
 * of the video room's LiveKit chunk, which no other page may load.
 */
export function benchPageWeight(dist = 'dist'): boolean {
  const manifest = readClientManifest(dist);
  const clientDir = join(dist, 'client');
  const islandChunk = islandChunks(manifest);
  const always = [SERVICE_WORKER_REGISTRATION];

  const pages = Object.keys(manifest)
    .map((key) => /^pages\/(.+)\/\+client\.ts$/.exec(key)?.[1])
    .filter((dir): dir is string => dir !== undefined);
  const filesOf = new Map<string, Set<string>>();
  filesOf.set('/', new Set(always));
  for (const dir of pages) {
    const islands = islandsOfPage(dir).flatMap((name) => islandChunk.get(name) ?? []);
    filesOf.set(
      `/${dir}`,
      new Set([...always, ...staticClosure(manifest, [`pages/${dir}/+client.ts`, ...islands])]),
    );
  }

  const rows: PageWeight[] = [...filesOf].map(([page, files]) => ({
    page,
    files: files.size,
    gzipBytes: gzipSize(clientDir, files),
  }));
  const search = filesOf.get('/search-companies') ?? new Set<string>();
  const mapFiles = [...staticClosure(manifest, [MAP_CHUNK])].filter((file) => !search.has(file));
  const mapBytes = gzipSize(clientDir, mapFiles);
  rows.push({ page: 'map chunk (on opening the map tab)', files: mapFiles.length, gzipBytes: mapBytes });
  const roomPage = filesOf.get(ROOM_PAGE) ?? new Set<string>();
  const roomFiles = [...staticClosure(manifest, [ROOM_CHUNK])].filter((file) => !roomPage.has(file));
  const roomBytes = gzipSize(clientDir, roomFiles);
  rows.push({
    page: 'video room chunk (LiveKit, on the room page)',
    files: roomFiles.length,
    gzipBytes: roomBytes,
  });
  // "No other page grows because of LiveKit": no other page loads a file with LiveKit code in it.
  const withLiveKit = new Set(
    Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js') && /livekit/i.test(readFileSync(join(clientDir, file), 'utf8'))),
  );
  const pagesWithLiveKit = [...filesOf]
    .filter(([page, files]) => page !== ROOM_PAGE && [...files].some((file) => withLiveKit.has(file)))
    .map(([page]) => page);

  console.table(
    rows
      .sort((a, b) => a.page.localeCompare(b.page))
      .map((row) => ({ page: row.page, files: row.files, 'JS gzipped': kb(row.gzipBytes) })),
  );
  const searchBytes = rows.find((row) => row.page === '/search-companies')?.gzipBytes ?? 0;
  const roomPageBytes = rows.find((row) => row.page === ROOM_PAGE)?.gzipBytes ?? 0;
  return [
    budget(
      'search page JS ≤ 150 KB gzipped, map chunk aside',
      searchBytes > 0 && searchBytes <= SEARCH_PAGE_JS_BUDGET_BYTES,
      `${kb(searchBytes)} (+ ${kb(mapBytes)} when the map opens)`,
    ),
    budget(
      'LiveKit loads on the video room page alone',
      roomFiles.length > 0 && pagesWithLiveKit.length === 0,
      `room page ${kb(roomPageBytes)} + ${kb(roomBytes)} of LiveKit; ${pagesWithLiveKit.length === 0 ? 'no other page loads it' : `also on ${pagesWithLiveKit.join(', ')}`}`,
    ),
  ].every(Boolean);
}

if (import.meta.main) process.exitCode = benchPageWeight() ? 0 : 1;
