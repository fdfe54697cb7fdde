import { benchLanding } from './landing.ts';
import { ensureLargeDatabase, LARGE_DB_URL, startService } from './support.ts';

/** `npm run bench`: builds nothing (run `npm run build` first), prints each benchmark's table and budgets. */
await ensureLargeDatabase();
const [app, bare] = await Promise.all([
  startService(
    'dist/server/index.mjs',
    { DATABASE_URL: LARGE_DB_URL, RATE_LIMIT: 'off', LOG_LEVEL: 'warn' },
    '/healthz',
  ),
  startService('bench/bare-server.ts', {}, '/hello'),
]);
try {
  const ok = await benchLanding(app, bare);
  process.exitCode = ok ? 0 : 1;
} finally {
  await Promise.all([app.stop(), bare.stop()]);
}
