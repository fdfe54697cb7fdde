import { readConfig } from '../server/kernel/config.ts';
import { budget, ensureLargeDatabase, LARGE_DB_URL, type Service, startService } from './support.ts';

const RUNS = 30;
const PAGE_BUDGET_MS = 300;
const EXPORT_BUDGET_ROWS_PER_SECOND = 50_000;

const STATISTICS_QUERY = JSON.stringify({
  query: `{ statistics {
    bookings meetingsHeld pupilsReached fillRate lateCancellationRate
    bookingsPerMonth { month count } meetingsHeldPerMonth { month count }
    bySector { key label meetingsHeld pupilsReached } byDepartment { key label meetingsHeld pupilsReached }
    byMeetingType { key label meetingsHeld pupilsReached } unmetDemand { departmentCode departmentName searches }
  } }`,
});

/** The national administrator's session on the large data set (prepareDatabase made the account). */
async function logIn(app: Service): Promise<string> {
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = readConfig({
    ADMIN_EMAIL: process.env.ADMIN_EMAIL,
    ADMIN_PASSWORD: process.env.ADMIN_PASSWORD,
  });
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query:
        'mutation ($email: String!, $password: String!) { loginAdmin(email: $email, password: $password) { token } }',
      variables: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    }),
  });
  const body = (await response.json()) as { data?: { loginAdmin: { token: string } }; errors?: unknown[] };
  if (!body.data) throw new Error(`admin login failed: ${JSON.stringify(body.errors)}`);
  return body.data.loginAdmin.token;
}

export interface Timing {
  target: string;
  median: number;
  p95: number;
  max: number;
  bytes: number;
}

/**
 * One request at a time on loopback, after three to warm up: the time until the whole answer is read,
 * which is the server's time plus well under a millisecond of loopback.
 */
export async function time(target: string, request: () => Promise<Response>): Promise<Timing> {
  let bytes = 0;
  const read = async () => {
    const response = await request();
    const body = await response.arrayBuffer();
    if (!response.ok) throw new Error(`${target}: HTTP ${response.status}`);
    bytes = body.byteLength;
  };
  for (let i = 0; i < 3; i++) await read();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await read();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    Number((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(1));
  return { target, median: at(0.5), p95: at(0.95), max: at(1), bytes };
}

/** The whole meetings export, streamed and counted line by line as it arrives. */
async function streamExport(app: Service, cookie: string) {
  const started = performance.now();
  const response = await fetch(`${app.url}/exports/meetings.csv`, { headers: { cookie } });
  if (!response.ok || !response.body) throw new Error(`meetings export: HTTP ${response.status}`);
  let lines = 0;
  let bytes = 0;
  let firstByte = 0;
  for await (const chunk of response.body) {
    if (firstByte === 0) firstByte = performance.now() - started;
    bytes += chunk.byteLength;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = lines - 1;
  return { rows, seconds, rowsPerSecond: Math.round(rows / seconds), megabytes: bytes / 1e6, firstByte };
}

/**
 * Issue 13's budgets on the large data set: the statistics page for all of France (default period: this
 * month and the eleven before) answers in ≤ 300 ms, and the meetings export streams ≥ 50,000 rows/s.
 * The GraphQL query, one department's page and one region's are printed beside, without a budget.
 */
export async function benchStatistics(app: Service): Promise<boolean> {
  const token = await logIn(app);
  const cookie = `session=${token}`;
  const page =
    (query = '') =>
    () =>
      fetch(`${app.url}/admin/statistics${query}`, { headers: { cookie } });
  const timings = [
    await time('GET /admin/statistics (all of France)', page()),
    await time('graphql statistics (all of France)', () =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: STATISTICS_QUERY,
      }),
    ),
    await time('GET /admin/statistics?departement=69', page('?departement=69')),
    await time('GET /admin/statistics (two years)', page('?du=2024-12-01')),
  ];
  console.log(`\nStatistics on the large data set, ${RUNS} requests one at a time after 3 to warm up (ms):`);
  console.table(
    timings.map((t) => ({
      target: t.target,
      'median ms': t.median,
      'p95 ms': t.p95,
      'max ms': t.max,
      'answer KB': Math.round(t.bytes / 1000),
    })),
  );
  const exports = [await streamExport(app, cookie), await streamExport(app, cookie)];
  console.log('\nGET /exports/meetings.csv, streamed and counted as it arrives (twice):');
  console.table(
    exports.map((e) => ({
      rows: e.rows,
      seconds: Number(e.seconds.toFixed(2)),
      'rows/s': e.rowsPerSecond,
      MB: Number(e.megabytes.toFixed(1)),
      'first byte ms': Math.round(e.firstByte),
    })),
  );
  const national = timings[0] as Timing;
  const best = Math.max(...exports.map((e) => e.rowsPerSecond));
  return [
    budget(
      `statistics page, all of France, median ≤ ${PAGE_BUDGET_MS} ms`,
      national.median <= PAGE_BUDGET_MS,
      `${national.median} ms (p95 ${national.p95} ms)`,
    ),
    budget(
      `meetings export ≥ ${EXPORT_BUDGET_ROWS_PER_SECOND.toLocaleString('en')} rows/s`,
      best >= EXPORT_BUDGET_ROWS_PER_SECOND,
      `${best.toLocaleString('en')} rows/s (${exports[0]?.rows.toLocaleString('en')} rows)`,
    ),
  ].every(Boolean);
}

// `npm run bench:statistics`: this benchmark alone, on the build of `npm run build`.
if (import.meta.main) {
  await ensureLargeDatabase();
  const app = await startService(
    'dist/server/index.mjs',
    { DATABASE_URL: LARGE_DB_URL, RATE_LIMIT: 'off', LOG_LEVEL: 'warn' },
    '/healthz',
  );
  try {
    process.exitCode = (await benchStatistics(app)) ? 0 : 1;
  } finally {
    await app.stop();
  }
}
