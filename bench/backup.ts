import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PublicCategory } from '../common/constants.ts';
import { checkDatabaseFile } from '../db/backup.ts';
import { openDb, prepareConnection } from '../db/client.ts';
import { book, prepare } from './booking.ts';
import {
  budget,
  copyOfLargeDatabase,
  ensureLargeDatabase,
  percentile,
  type Service,
  startService,
} from './support.ts';

/** Teachers booking at once while the copy is taken: a busy morning, not the booking benchmark's flood. */
const CLIENTS = 20;
/** The budget: the large data set copied within this while bookings go on. */
const BACKUP_BUDGET_S = 60;

/** The 99th percentile of a list of latencies, in milliseconds. */
const p99 = (latencies: number[]) =>
  percentile(
    [...latencies].sort((a, b) => a - b),
    0.99,
  );

/**
 * `npm run backup` on the large data set (issue 34) while the built server takes bookings: 20 teachers book
 * without pause; the command runs as an operator types it. Printed: its time, the copy's size, and the
 * bookings made meanwhile with their p99 against the same load before the copy. The copy is then checked.
 */
export async function benchBackup(): Promise<boolean> {
  const copy = copyOfLargeDatabase('backup');
  const dir = mkdtempSync(join(tmpdir(), 'passerelle-bench-backup-'));
  const db = openDb(copy.url);
  let app: Service | undefined;
  try {
    await prepareConnection(db);
    const { slotChoices, tokens } = await prepare(db);
    db.client.close();
    app = await startService(
      'dist/server/index.mjs',
      { DATABASE_URL: copy.url, RATE_LIMIT: 'off', LOG_LEVEL: 'warn', SEED: 'none' },
      '/healthz',
    );
    const url = `${app.url}/graphql`;
    let phase: 'before' | 'during' | 'done' = 'before';
    const latencies = { before: [] as number[], during: [] as number[] };
    const outcomes = { before: {} as Record<string, number>, during: {} as Record<string, number> };
    let i = 0;
    const client = async () => {
      while (phase !== 'done') {
        const k = i++;
        const slot = slotChoices[(k * 7) % slotChoices.length] as (typeof slotChoices)[number];
        const token = tokens[Math.floor(k / slotChoices.length) % tokens.length] as string;
        const at = phase;
        const t0 = performance.now();
        const outcome = await book(url, token, {
          slotId: slot.id,
          participantsCount: 1,
          publicCategory: slot.categories[0] as PublicCategory,
          acceptCharter: true,
        });
        if (phase !== at) continue;
        latencies[at].push(performance.now() - t0);
        outcomes[at][outcome] = (outcomes[at][outcome] ?? 0) + 1;
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    phase = 'during';
    const target = join(dir, 'sauvegarde.db');
    const started = performance.now();
    const status = await new Promise<number | null>((resolve) => {
      const child = spawn('node', ['scripts/backup.ts', target], {
        env: { ...process.env, DATABASE_URL: copy.url, FILES_DIR: join(dir, 'no-uploads') },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      child.on('exit', resolve);
    });
    const seconds = (performance.now() - started) / 1000;
    phase = 'done';
    await Promise.all(clients);
    const { migrations } = await checkDatabaseFile(target);
    const mb = statSync(target).size / 1024 / 1024;
    const source = statSync(copy.url.slice('file:'.length)).size / 1024 / 1024;
    const confirmed = (phase: 'before' | 'during') => outcomes[phase].confirmed ?? 0;
    const rate = (n: number, s: number) => (n / s).toFixed(0);
    console.log(
      `\nBackup of the large data set (${source.toFixed(0)} MB) while ${CLIENTS} teachers book: ${seconds.toFixed(1)} s, copy ${mb.toFixed(0)} MB (${migrations} migrations, integrity ok)`,
    );
    console.log(
      `  bookings before: ${confirmed('before')} in 5 s (${rate(confirmed('before'), 5)}/s), p99 ${p99(latencies.before).toFixed(0)} ms`,
    );
    console.log(
      `  bookings during: ${confirmed('during')} in ${seconds.toFixed(1)} s (${rate(confirmed('during'), seconds)}/s), p99 ${p99(latencies.during).toFixed(0)} ms; other answers ${JSON.stringify({ ...outcomes.during, confirmed: undefined })}`,
    );
    return budget(
      `Backup while bookings run ≤ ${BACKUP_BUDGET_S} s, bookings go on`,
      status === 0 && seconds <= BACKUP_BUDGET_S && confirmed('during') > 0,
      `${seconds.toFixed(1)} s, ${confirmed('during')} bookings meanwhile`,
    );
  } finally {
    await app?.stop();
    rmSync(dir, { recursive: true, force: true });
    copy.remove();
  }
}

if (import.meta.main) {
  await ensureLargeDatabase();
  process.exitCode = (await benchBackup()) ? 0 : 1;
}
