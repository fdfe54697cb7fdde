// Bundle analysis of the Worker build (issue 22, decision 0055): attributes the bytes of every
// emitted module in dist-cloudflare/server to the sources named by its sourcemap, groups them by
// package (node_modules/<pkg>) or by project folder, and prints the top 25 with gzip sizes of the files.
// Usage: node scripts/worker-bundle.ts [dir]   (after `npm run build:cloudflare`)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist-cloudflare/server';
const files: string[] = [];
const walk = (d: string): void => {
  for (const name of readdirSync(d)) {
    const path = join(d, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.(m?js)$/.test(name)) files.push(path);
  }
};
walk(dir);

const VLQ = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function decode(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = VLQ.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

function groupOf(source: string): string {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const [scope = '?', name = ''] = source.slice(nm + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  const [first = '?', second] = source.replace(/^(\.\.\/)+/, '').split('/');
  return second === undefined ? first : `${first}/${second}`;
}

const bytes = new Map<string, number>();
let total = 0;
let gzipTotal = 0;
for (const file of files) {
  const code = readFileSync(file, 'utf8');
  total += code.length;
  gzipTotal += gzipSync(code).length;
  let map: { sources: string[]; mappings: string } | undefined;
  try {
    map = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
  } catch {
    map = undefined;
  }
  if (!map) {
    bytes.set(`(no map) ${file}`, code.length);
    continue;
  }
  const sources = map.sources;
  const lines = code.split('\n');
  let src = 0;
  map.mappings.split(';').forEach((line, index) => {
    const text = lines[index] ?? '';
    let col = 0;
    let previous: { col: number; src: number } | undefined;
    for (const seg of line.split(',')) {
      if (!seg) continue;
      const d = decode(seg);
      col += d[0] ?? 0;
      if (previous) {
        const g = groupOf(sources[previous.src] ?? '?');
        bytes.set(g, (bytes.get(g) ?? 0) + (col - previous.col));
      }
      if (d.length >= 4) src += d[1] ?? 0;
      previous = { col, src };
    }
    if (previous) {
      const g = groupOf(sources[previous.src] ?? '?');
      bytes.set(g, (bytes.get(g) ?? 0) + (text.length - previous.col));
    }
  });
}

const kib = (n: number): string => `${(n / 1024).toFixed(1)} KiB`;
console.log(`${files.length} files, ${kib(total)} raw, ${kib(gzipTotal)} gzip (per file)`);
for (const [name, size] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
  console.log(`${kib(size).padStart(12)}  ${((100 * size) / total).toFixed(1).padStart(5)} %  ${name}`);
}
