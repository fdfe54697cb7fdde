import { readConfig } from '../server/kernel/config.ts';
import {
  budget,
  runAloneOnLargeData,
  type Service,
  TIMED_RUNS,
  type Timing,
  timeRequests,
} from './support.ts';

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
    await timeRequests('GET /admin/statistics (all of France)', page()),
    await timeRequests('graphql statistics (all of France)', () =>
      fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: STATISTICS_QUERY,
      }),
    ),
    await timeRequests('GET /admin/statistics?departement=69', page('?departement=69')),
    await timeRequests('GET /admin/statistics (two years)', page('?du=2024-12-01')),
  ];
  console.log(
    `\nStatistics on the large data set, ${TIMED_RUNS} requests one at a time after 3 to warm up (ms):`,
  );
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
if (import.meta.main) await runAloneOnLargeData(benchStatistics);
