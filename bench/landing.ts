import { budget, type LoadResult, load, printTable, type Service } from './support.ts';

const GRAPHQL_BODY = JSON.stringify({ query: '{ availableSlotsCount }' });

/**
 * The landing page (fresh render and the visitors' shared cache) and `availableSlotsCount`, on the large
 * data set, beside a bare Hono route measured in the same run.
 */
export async function benchLanding(
  app: Service,
  bare: Service,
): Promise<{ ok: boolean; bare: LoadResult; count: LoadResult }> {
  const bareResult = await load('bare Hono /hello', { url: `${bare.url}/hello` });
  const rows: LoadResult[] = [
    bareResult,
    await load('/ visitors (10 s shared cache)', {
      url: `${app.url}/`,
      headers: { 'accept-encoding': 'gzip' },
    }),
    await load('/ rendered fresh', { url: `${app.url}/`, headers: { 'cache-control': 'no-cache' } }),
    await load('graphql availableSlotsCount', {
      url: `${app.url}/graphql`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: GRAPHQL_BODY,
    }),
    await load('graphql availableSlotsCount (1 client)', {
      url: `${app.url}/graphql`,
      connections: 1,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: GRAPHQL_BODY,
    }),
  ];
  printTable(rows, bareResult);
  const [, cached, fresh, count, countAlone] = rows as [
    LoadResult,
    LoadResult,
    LoadResult,
    LoadResult,
    LoadResult,
  ];
  const ratio = (r: LoadResult) => r.requestsPerSecond / bareResult.requestsPerSecond;
  const noErrors = rows.every((r) => r.errors === 0 && r.non2xx === 0);
  const ok = [
    // Issue 22's figures.
    budget('landing fresh ≥ 3 % of bare', ratio(fresh) >= 0.03, `${(100 * ratio(fresh)).toFixed(1)} %`),
    budget(
      'landing for visitors ≥ 75 % of bare',
      ratio(cached) >= 0.75,
      `${(100 * ratio(cached)).toFixed(1)} %`,
    ),
    // The operation's own latency: with 10 clients on one server core, p99 mostly measures the queue.
    budget(
      'availableSlotsCount p99 < 5 ms (one client)',
      countAlone.p99 < 5,
      `${countAlone.p99} ms alone; ${count.p99} ms at 10 clients`,
    ),
    budget('no errors', noErrors, noErrors ? 'none' : 'see the table'),
  ].every(Boolean);
  return { ok, bare: bareResult, count };
}
