import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
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

  it('applies once, and leaves a file that changed upstream alone', () => {
    const root = mkdtempSync(join(tmpdir(), 'passerelle-patches-'));
    try {
      const lines: string[] = [];
      const log = (line: string) => lines.push(line);
      for (const patch of PATCHES) {
        mkdirSync(dirname(join(root, patch.file)), { recursive: true });
        writeFileSync(join(root, patch.file), `// before\n${patch.from}\n// after\n`);
      }
      expect(applyPatches(root, log)).toBe(true);
      expect(applyPatches(root, log)).toBe(true);
      expect(lines.filter((line) => line.endsWith('patched'))).toHaveLength(PATCHES.length);
      for (const patch of PATCHES) {
        const text = readFileSync(join(root, patch.file), 'utf8');
        expect(text).toBe(`// before\n${patch.to}\n// after\n`);
        writeFileSync(join(root, patch.file), '// rewritten upstream\n');
      }
      expect(applyPatches(root, log)).toBe(false);
      expect(lines.at(-1)).toContain('changed upstream');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
