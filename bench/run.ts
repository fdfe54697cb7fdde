import { benchBackup } from './backup.ts';
import { benchBooking } from './booking.ts';
import { benchClassRecord } from './class-record.ts';
import { benchDocuments } from './documents.ts';
import { benchEvents } from './events.ts';
import { benchFormWeight } from './form-weight.ts';
import { benchLanding } from './landing.ts';
import { benchPageWeight } from './page-weight.ts';
import { benchSearch } from './search.ts';
import { benchStatistics } from './statistics.ts';
import { ensureLargeDatabase, LARGE_DB_URL, startService } from './support.ts';
import { benchWireWeight } from './wire-weight.ts';
import { benchWorker } from './worker.ts';

/**
 * `npm run bench`: builds both targets first, then prints each benchmark's table and budgets.
 * `npm run bench -- worker` runs the Workers one alone (after `npm run build && npm run build:cloudflare`).
 */
await ensureLargeDatabase();
if (process.argv.includes('worker')) {
  process.exitCode = (await benchWorker()) ? 0 : 1;
} else {
  const [app, bare] = await Promise.all([
    startService(
      'dist/server/index.mjs',
      { DATABASE_URL: LARGE_DB_URL, RATE_LIMIT: 'off', LOG_LEVEL: 'warn' },
      '/healthz',
    ),
    startService('bench/bare-server.ts', {}, '/hello'),
  ]);
  let landing: Awaited<ReturnType<typeof benchLanding>>;
  let searchOk = false;
  let statisticsOk = false;
  let documentsOk = false;
  let wireOk = false;
  let formWeightOk = false;
  try {
    landing = await benchLanding(app, bare);
    searchOk = await benchSearch(app, landing.bare, landing.count);
    statisticsOk = await benchStatistics(app);
    documentsOk = await benchDocuments(app);
    wireOk = await benchWireWeight(app);
    formWeightOk = await benchFormWeight(app);
  } finally {
    await Promise.all([app.stop(), bare.stop()]);
  }
  // The pages' JavaScript, read from the build's manifest.
  const weightOk = benchPageWeight();
  // Its own server on a copy of the data set, once the others are stopped so they take no CPU from it.
  const bookingOk = await benchBooking(landing.bare);
  // A thousand events with a poisoned one among them, delivered as the server does, on a copy of its own.
  const eventsOk = await benchEvents();
  // `npm run backup` of a copy while 20 teachers book on it.
  const backupOk = await benchBackup();
  // « Mes classes » of a teacher with 200 meetings, on a copy of its own.
  const classRecordOk = await benchClassRecord();
  // Workers beside Node, each on its own copy, once the others are stopped.
  const workerOk = await benchWorker();
  process.exitCode =
    landing.ok &&
    searchOk &&
    statisticsOk &&
    documentsOk &&
    wireOk &&
    formWeightOk &&
    weightOk &&
    backupOk &&
    bookingOk &&
    eventsOk &&
    classRecordOk &&
    workerOk
      ? 0
      : 1;
}
