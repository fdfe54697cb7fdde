import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb, prepareConnection } from '../db/client.ts';
import { createSession, generateSessionToken } from '../server/accounts/sessions.ts';
import { freePort, waitUntilServing } from '../tests/fixtures/net.ts';
import { throwawaySecret } from '../tests/fixtures/secret.ts';
import { ensureLargeDatabase, load } from './support.ts';

/**
 * After the meeting, on the large data set: every booking answered (one questionnaire per meeting), then
 * the built server's CSV export of all of them (time, size, rows per second, and the server's peak memory
 * before and after, which streaming keeps flat), the operators' and one company's feedbackReport under
 * load, and the invitation job's query of the meetings done in its window, the clock set after the last
 * slot so that a week of meetings is due.
 */
const DAY_MS = 86_400_000;

async function main() {
  await ensureLargeDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'passerelle-bench-feedback-'));
  const path = join(dir, 'feedback.db');
  for (const suffix of ['', '-wal']) {
    if (existsSync(`data/bench/large.db${suffix}`))
      copyFileSync(`data/bench/large.db${suffix}`, path + suffix);
  }
  const url = `file:${path}`;
  const db = openDb(url);
  let child: ChildProcess | undefined;
  try {
    await prepareConnection(db);
    await db.client.execute(`INSERT INTO feedback (meeting_id, organisation, matching, engagement, liked, suggestions, created_at)
      SELECT id, 1 + id % 4, 1 + (id / 3) % 4, 1 + (id / 7) % 4,
        'Les élèves ont apprécié ; la visite « ' || id || ' » était "très" claire.', NULL, created_at
      FROM meetings WHERE status <> 'cancelled'`);
    const answers = Number((await db.client.execute('SELECT count(*) AS n FROM feedback')).rows[0]?.n);
    const [admin] = (await db.client.execute("SELECT id FROM users WHERE kind = 'admin' LIMIT 1")).rows;
    const adminId = admin
      ? Number(admin.id)
      : Number(
          (
            await db.client.execute(
              "INSERT INTO users (kind, email, first_name, last_name) VALUES ('admin', 'bench@passerelle.test', 'Bench', 'Ops') RETURNING id",
            )
          ).rows[0]?.id,
        );
    const token = generateSessionToken();
    await createSession(db, token, adminId, new Date());
    const [busiest] = (
      await db.client.execute(
        'SELECT s.company_id AS id, count(*) AS n FROM feedback f JOIN meetings m ON m.id = f.meeting_id JOIN slots s ON s.id = m.slot_id GROUP BY s.company_id ORDER BY n DESC LIMIT 1',
      )
    ).rows;

    const port = await freePort();
    child = spawn(process.execPath, ['dist/server/index.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        JWT_SECRET: throwawaySecret(),
        DATABASE_URL: url,
        RATE_LIMIT: 'off',
        LOG_LEVEL: 'warn',
        SEED: 'none',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const base = `http://127.0.0.1:${port}`;
    await waitUntilServing(`${base}/healthz`, child, { timeoutMs: 30_000, output: () => '' });
    const peakMemory = () => {
      const status = readFileSync(`/proc/${child?.pid}/status`, 'utf8');
      return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    };
    const headers = { authorization: `Bearer ${token}` };
    const before = peakMemory();
    const t0 = performance.now();
    const response = await fetch(`${base}/exports/feedback.csv`, { headers });
    const bytes = (await response.arrayBuffer()).byteLength;
    const exportMs = performance.now() - t0;
    const after = peakMemory();

    const report = (companyId?: unknown) =>
      JSON.stringify({
        query: `query ($id: ID) { feedbackReport(companyId: $id) { count averages { organisation } items(limit: 20) { id } } }`,
        variables: companyId === undefined ? {} : { id: String(companyId) },
      });
    const graphql = { method: 'POST' as const, headers: { ...headers, 'content-type': 'application/json' } };
    const all = await load('feedbackReport, every company', {
      url: `${base}/graphql`,
      ...graphql,
      body: report(),
      seconds: 5,
    });
    const one = await load('feedbackReport, one company', {
      url: `${base}/graphql`,
      ...graphql,
      body: report(busiest?.id),
      seconds: 5,
    });

    // The invitation job's read: meetings done in the week before "now", not yet invited nor answered.
    await db.client.execute('DELETE FROM feedback WHERE meeting_id % 2 = 0');
    const [last] = (await db.client.execute('SELECT max(ends_at) AS t FROM slots')).rows;
    const now = Number(last?.t) + 1;
    const started = performance.now();
    const due = await db.client.execute({
      sql: `SELECT * FROM meeting_feedback WHERE status <> 'cancelled' AND absent_at IS NULL AND feedback_id IS NULL
        AND teacher_anonymized_at IS NULL AND invited_at IS NULL AND ends_at <= ? AND ends_at > ?
        ORDER BY ends_at, meeting_id`,
      args: [now, now - 7 * DAY_MS],
    });
    const candidatesMs = performance.now() - started;
    const kept = Number((await db.client.execute('SELECT count(*) AS n FROM feedback')).rows[0]?.n);

    console.log(
      `\nAfter the meeting: ${answers} answers; half of them removed for the invitation job's read (${kept} left)`,
    );
    console.table([
      {
        measure: 'CSV export, every answer',
        result: `${(exportMs / 1000).toFixed(2)} s, ${(bytes / 1e6).toFixed(1)} MB, ${Math.round(answers / (exportMs / 1000))} rows/s`,
      },
      { measure: 'server peak memory before / after the export', result: `${before} / ${after} MB` },
      {
        measure: 'invitation job, candidates of a week',
        result: `${due.rows.length} meetings read in ${candidatesMs.toFixed(0)} ms`,
      },
      ...[all, one].map((r) => ({
        measure: r.name,
        result: `${r.requestsPerSecond} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.errors + r.non2xx} errors`,
      })),
    ]);
  } finally {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child?.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    db.client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
