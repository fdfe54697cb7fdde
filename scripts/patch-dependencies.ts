import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HRANA_ROWS, LIBSQL_ROWS } from './patches/libsql.ts';
import type { Patch } from './patches/patch.ts';
import {
  VIKE_FORK_BASE,
  VIKE_FORK_NORMALIZE_AND_REDIRECT,
  VIKE_INFINITE_LOOP,
  VIKE_OBJECT_ASSIGN,
  VIKE_PARSE_URL,
  VIKE_ROUTE_STRINGS,
  VIKE_ROUTE_STRINGS_MATCH,
} from './patches/vike.ts';

/**
 * Mends what a pinned dependency does wrong, after each `npm install` (package.json `postinstall`),
 * until the fix is published upstream (docs/decisions/0061). Each patch names the exact text it replaces:
 * a newer version that changed it is left alone and said, and the patch's test fails.
 */
export const PATCHES: Patch[] = [
  VIKE_INFINITE_LOOP,
  VIKE_ROUTE_STRINGS,
  VIKE_ROUTE_STRINGS_MATCH,
  VIKE_FORK_NORMALIZE_AND_REDIRECT,
  VIKE_FORK_BASE,
  VIKE_OBJECT_ASSIGN,
  VIKE_PARSE_URL,
  LIBSQL_ROWS,
  HRANA_ROWS,
];

export function applyPatches(root: string, log: (line: string) => void = console.log): boolean {
  let ok = true;
  for (const patch of PATCHES) {
    const path = `${root}/${patch.file}`;
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      log(`patch-dependencies: ${patch.file} is missing, left alone`);
      ok = false;
      continue;
    }
    if (text.includes(patch.marker)) continue;
    if (!text.includes(patch.from)) {
      log(`patch-dependencies: ${patch.file} changed upstream, not patched: see docs/decisions/0061`);
      ok = false;
      continue;
    }
    // A function: the text put in may hold `$` patterns that a replacement string would expand.
    writeFileSync(
      path,
      text.replace(patch.from, () => patch.to),
    );
    log(`patch-dependencies: ${patch.file} patched`);
  }
  return ok;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // An install never fails for a patch: the test says so instead.
  applyPatches(fileURLToPath(new URL('..', import.meta.url)));
}
