import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../fixtures/db.ts';

/**
 * The scripts Node runs itself, without Vite (`npm start`'s preparation, `npm run jobs`): Node's type
 * stripping loads .ts but no JSX, so nothing they import may need more. The test suite runs everything
 * else through Vite, which would hide it.
 */
describe('scripts run by Node itself', { timeout: 60_000 }, () => {
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb();
  });
  afterEach(() => t.close());

  const node = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, args, {
      encoding: 'utf8',
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      timeout: 60_000,
    });

  it('loads what npm start prepares the database with', () => {
    const run = node(['--input-type=module', '-e', "await import('./scripts/prepare-db.ts')"]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('runs a job with npm run jobs, and says which jobs exist for an unknown name', () => {
    const done = node(['scripts/jobs.ts', 'outbox'], { DATABASE_URL: t.url });
    expect(done.stderr).toBe('');
    expect(done.stdout).toMatch(/^outbox\s: /m);
    const unknown = node(['scripts/jobs.ts', 'rien'], { DATABASE_URL: t.url });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/Tâche inconnue «\srien\s»\. Tâches\s: .*\boutbox\b.*\bweekly-alert\b/);
  });
});
