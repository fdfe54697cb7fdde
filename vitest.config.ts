import { defineConfig } from 'vitest/config';

// TEST_NOW=<an instant> plays the run on that day (docs/decisions/0077): its distance from now, measured
// once here, is the offset every test process, the servers they start and their browsers share.
if (process.env.TEST_NOW && process.env.TEST_CLOCK_OFFSET_MS === undefined) {
  const at = Date.parse(process.env.TEST_NOW);
  if (Number.isNaN(at)) throw new Error(`TEST_NOW is not an instant: ${process.env.TEST_NOW}`);
  process.env.TEST_CLOCK_OFFSET_MS = String(at - Date.now());
}

export default defineConfig({
  // graphql 16 has no "exports": Vite would resolve our imports to index.mjs while Node loads index.js for
  // graphql-armor's rules (CommonJS), two copies that fail graphql's instanceof checks. The built server
  // resolves both through Node, so tests do the same.
  resolve: { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] },
  test: {
    // A test's limit says nothing of the rule it shows: user-event sessions and database files take more
    // than vitest's 5 s when the 2 cores are shared; a hung test still fails. Speed is measured in bench/.
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            '{common,server,db,scripts,bench,tests/unit,tests/fixtures}/**/*.test.ts',
            'pages/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['islands/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/dom.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'cloudflare',
          environment: 'node',
          include: ['tests/cloudflare/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 180_000,
          // Each file builds dist-cloudflare/ (the Worker test, the deploy's dry run): one at a time.
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // What a browser waits for (an upload resized, an e-mail sent) takes more than vitest's 1 s of
          // polling when the two cores are busy: a picture's save missed it on a loaded run (issue 39).
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          // The rooms on a real LiveKit server, run by `npm run test:video` in a network namespace of their
          // own with only `lo` (docs/decisions/0062): no ICE candidate on another address can exist there.
          // Each file runs its servers and browsers with real media: one at a time on two cores.
          name: 'video',
          environment: 'node',
          include: ['tests/video/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
