import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDb } from '../db/client.ts';
import { LARGE_DATA_VERSION } from '../db/seed/index.ts';
import { prepareDatabase } from '../scripts/prepare-db.ts';
import { readConfig } from '../server/kernel/config.ts';
import { freePort, waitUntilServing } from '../tests/fixtures/net.ts';
import { throwawaySecret } from '../tests/fixtures/secret.ts';

const LARGE_DB_PATH = 'data/bench/large.db';
export const LARGE_DB_URL = `file:${LARGE_DB_PATH}`;

/**
 * The benchmark data set (5,000 companies, 100,000 slots to come and 100,000 past), made once in
 * data/bench/ and migrated on each run; made again when an older seed made it (db/seed/large.ts).
 */
export async function ensureLargeDatabase(): Promise<void> {
  mkdirSync('data/bench', { recursive: true });
  if (existsSync(LARGE_DB_PATH) && (await largeDataVersion()) < LARGE_DATA_VERSION) {
    console.log('The large data set was made by an older seed: making it again.');
    for (const suffix of ['', '-wal', '-shm']) rmSync(LARGE_DB_PATH + suffix, { force: true });
  }
  const started = performance.now();
  const { seeded } = await prepareDatabase(readConfig({ DATABASE_URL: LARGE_DB_URL, SEED: 'none' }), {
    large: true,
  });
  if (seeded) console.log(`Large data set created in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** A copy of the large data set in a folder of its own, for a benchmark that writes: its URL, and its removal. */
export function copyOfLargeDatabase(name: string): { url: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `passerelle-bench-${name}-`));
  const path = join(dir, `${name}.db`);
  for (const suffix of ['', '-wal']) {
    if (existsSync(LARGE_DB_PATH + suffix)) copyFileSync(LARGE_DB_PATH + suffix, path + suffix);
  }
  return { url: `file:${path}`, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

async function largeDataVersion(): Promise<number> {
  const db = openDb(LARGE_DB_URL);
  try {
    const { rows } = await db.client.execute('PRAGMA user_version');
    return Number(rows[0]?.user_version ?? 0);
  } finally {
    db.client.close();
  }
}

export interface Service {
  url: string;
  stop(): Promise<void>;
}

/** Starts a Node 24 process running `entry` and waits until `readyPath` answers. */
export async function startService(
  entry: string,
  env: Record<string, string>,
  readyPath: string,
): Promise<Service> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: String(port), JWT_SECRET: throwawaySecret(), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitUntilServing(url + readyPath, child, { timeoutMs: 30_000, output: () => '' });
  return {
    url,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** autocannon on loopback, bounded in time, after a 2 s warm-up so the JIT has compiled the path; latencies in ms. */
export async function load(
  name: string,
  options: { url: string; connections?: number; seconds?: number } & Partial<autocannon.Options>,
): Promise<LoadResult> {
  const { url, connections = 10, seconds = 8, ...rest } = options;
  await autocannon({ url, connections, duration: 2, ...rest });
  const result = await autocannon({ url, connections, duration: seconds, ...rest });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(rows: LoadResult[], bare: LoadResult): void {
  console.table(
    rows.map((r) => ({
      target: r.name,
      'req/s': r.requestsPerSecond,
      'p50 ms': r.p50,
      'p99 ms': r.p99,
      'vs bare': `${((100 * r.requestsPerSecond) / bare.requestsPerSecond).toFixed(1)} %`,
      errors: r.errors + r.non2xx,
    })),
  );
}

/** The value below which `p` (0 to 1) of the sorted values fall, as every benchmark here counts it. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

export function budget(label: string, ok: boolean, detail: string): boolean {
  console.log(`${ok ? 'OK  ' : 'MISS'} ${label}: ${detail}`);
  return ok;
}

export interface Timing {
  target: string;
  median: number;
  p95: number;
  max: number;
  bytes: number;
}

/** How many timed requests `timeRequests` makes, after three to warm up. */
export const TIMED_RUNS = 30;

/**
 * One request at a time on loopback, after three to warm up: the time until the whole answer is read,
 * which is the server's time plus well under a millisecond of loopback.
 */
export async function timeRequests(target: string, request: () => Promise<Response>): Promise<Timing> {
  let bytes = 0;
  const read = async () => {
    const response = await request();
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${target}: HTTP ${response.status}`);
    bytes = body.byteLength;
  };
  for (let i = 0; i < 3; i++) await read();
  const times: number[] = [];
  for (let i = 0; i < TIMED_RUNS; i++) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    Number((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(1));
  return { target, median: at(0.5), p95: at(0.95), max: at(1), bytes };
}

/**
 * `npm run bench:<name>`: one benchmark alone, on the build of `npm run build`, against the large data set;
 * the process's exit code says whether its budgets held.
 */
export async function runAloneOnLargeData(bench: (app: Service) => Promise<boolean>): Promise<void> {
  await ensureLargeDatabase();
  const app = await startService(
    'dist/server/index.mjs',
    { DATABASE_URL: LARGE_DB_URL, RATE_LIMIT: 'off', LOG_LEVEL: 'warn' },
    '/healthz',
  );
  try {
    process.exitCode = (await bench(app)) ? 0 : 1;
  } finally {
    await app.stop();
  }
}
