import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client, createClient, type InStatement, type Transaction } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { openDb, prepareConnection, serialiseWrites } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import { addWeeklyMailTeachers } from '../db/seed/index.ts';
import { fixedClock } from '../server/kernel/clock.ts';
import { createDeps } from '../server/main/deps.ts';
import { sendWeeklyAlerts } from '../server/weekly-alert/index.ts';
import { throwawaySecret } from '../tests/fixtures/secret.ts';
import { ensureLargeDatabase, LARGE_DB_URL } from './support.ts';

/**
 * The weekly alert on the large data set (issue 12): 100,000 slots to come, published over 40 days, plus
 * 20,000 teachers with the weekly-mail flag added to a copy; the job run once, by hand, the clock set an hour
 * after the data set's latest slot was published. Prints the run's time, the e-mails queued and the SQL
 * statements it sent (counted on the database client), which stay bounded whatever the number of teachers:
 * the week's slots once, the companies' jobs by 500, the teachers by 200, two writes per page.
 */
const TEACHERS = 20_000;
const HOUR_MS = 3_600_000;

interface Counts {
  statements: number;
  transactions: number;
}

/** The client, counting what it is asked to run: each execute or batch is one statement (round trip). */
function counting(client: Client, counts: Counts): Client {
  const countTx = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, property) {
        if (property === 'execute' || property === 'batch') {
          return (stmt: InStatement | InStatement[]) => {
            counts.statements++;
            return property === 'execute'
              ? target.execute(stmt as InStatement)
              : target.batch(stmt as InStatement[]);
          };
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return new Proxy(client, {
    get(target, property) {
      if (property === 'execute' || property === 'batch') {
        return (...args: unknown[]) => {
          counts.statements++;
          return (Reflect.get(target, property, target) as (...a: unknown[]) => unknown).apply(target, args);
        };
      }
      if (property === 'transaction') {
        return async (...args: Parameters<Client['transaction']>) => {
          counts.transactions++;
          return countTx(await target.transaction(...args));
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function main() {
  await ensureLargeDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'passerelle-bench-weekly-alert-'));
  const path = join(dir, 'weekly-alert.db');
  const largePath = LARGE_DB_URL.slice('file:'.length);
  for (const suffix of ['', '-wal']) {
    if (existsSync(largePath + suffix)) copyFileSync(largePath + suffix, path + suffix);
  }
  const url = `file:${path}`;
  const setup = openDb(url);
  const counts: Counts = { statements: 0, transactions: 0 };
  const client = counting(serialiseWrites(createClient({ url, timeout: 5000 })), counts);
  const db = Object.assign(drizzle(client, { schema }), { client, isFile: true });
  const base = createDeps({
    ...process.env,
    DATABASE_URL: url,
    JWT_SECRET: throwawaySecret(),
    LOG_LEVEL: 'warn',
    SEED: 'none',
  });
  try {
    await prepareConnection(setup);
    const [latest] = (await setup.client.execute('SELECT max(created_at) AS t FROM slots')).rows;
    const now = new Date(Number(latest?.t) + HOUR_MS);
    await addWeeklyMailTeachers(setup, { count: TEACHERS, now });
    const [flagged] = (
      await setup.client.execute("SELECT count(*) AS n FROM users WHERE kind = 'teacher' AND weekly_mail = 1")
    ).rows;

    const deps = { ...base, db, clock: fixedClock(now) };
    const started = performance.now();
    const report = await sendWeeklyAlerts(deps, { manual: true });
    const ms = performance.now() - started;
    const [queued] = (await setup.client.execute("SELECT count(*) AS n FROM outbox WHERE topic = 'mail'"))
      .rows;

    console.log(
      `\nWeekly alert: ${flagged?.n} teachers with the flag (${TEACHERS} added), the week before ${now.toISOString()}`,
    );
    console.table([
      { measure: 'run time', result: `${(ms / 1000).toFixed(2)} s` },
      { measure: 'candidate slots of the week', result: String(report.slots) },
      { measure: 'teachers read', result: String(report.teachers) },
      { measure: 'e-mails queued', result: `${report.sent} (outbox: ${queued?.n})` },
      { measure: 'failed', result: String(report.failed) },
      {
        measure: 'SQL statements',
        result: `${counts.statements} (in ${counts.transactions} transactions)`,
      },
    ]);
  } finally {
    await base.outbox.stop();
    base.db.client.close();
    client.close();
    setup.client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
