import { benchBooking } from './booking.ts';
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
let landingOk = false;
try {
  landingOk = await benchLanding(app, bare);
} finally {
  await Promise.all([app.stop(), bare.stop()]);
}
// In-process, after the services are stopped so they take no CPU from it.
const bookingOk = await benchBooking();
process.exitCode = landingOk && bookingOk ? 0 : 1;
