/**
 * `npm run deploy` (issue 34): the dry run as CI runs it (the build, both Workers through `wrangler deploy
 * --dry-run`, the secrets named, the migrations listed), and the deploy itself with a stand-in wrangler that
 * records what it is asked, against the libSQL HTTP stand-in as Turso: the secrets checked before anything
 * changes, the migrations applied, the documents Worker deployed before the main one.
 */
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/client.ts';
import { migrationsOfThisVersion, pendingMigrations } from '../../db/migrate.ts';
import { REQUIRED_SECRETS } from '../../scripts/deploy.ts';
import { type HranaServer, startHranaServer } from '../fixtures/hrana-server.ts';
import { npmRun } from '../fixtures/npm-run.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const AUTH_TOKEN = 'test-turso-token';

/** `npm run deploy`, without the database settings of the shell the tests run in. */
const deploy = (args: string[], env: Record<string, string> = {}) =>
  npmRun('deploy', args, { DATABASE_URL: '', DATABASE_AUTH_TOKEN: '', ...env });

let dir: string;
let hrana: HranaServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'passerelle-deploy-test-'));
  hrana = await startHranaServer({ path: join(dir, 'turso.db'), authToken: AUTH_TOKEN });
});
afterAll(async () => {
  await hrana?.close();
  rmSync(dir, { recursive: true, force: true });
});

let fakes = 0;

/** A wrangler that writes each call's arguments to a log and answers `secret list` with these names. */
function fakeWrangler(secrets: string[]): { command: string; calls: () => string[] } {
  const n = ++fakes;
  const log = join(dir, `calls-${n}.log`);
  const command = join(dir, `wrangler-${n}`);
  writeFileSync(log, '');
  writeFileSync(
    command,
    `#!/bin/sh
echo "$*" >> '${log}'
if [ "$1" = "secret" ]; then echo '${JSON.stringify(secrets.map((name) => ({ name, type: 'secret_text' })))}'; fi
if [ "$2" = "--dry-run" ]; then echo 'Total Upload: 10.00 KiB / gzip: 3.00 KiB'; fi
exit 0
`,
  );
  chmodSync(command, 0o755);
  return {
    command,
    calls: () =>
      readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => line.replace(/--outdir \S+/, '--outdir …').replace(root, '')),
  };
}

/** The settings that name the Turso stand-in, with more. */
const onTurso = (env: Record<string, string> = {}) => ({
  DATABASE_URL: hrana.url,
  DATABASE_AUTH_TOKEN: AUTH_TOKEN,
  ...env,
});

/** The migrations the Turso stand-in still lacks. */
async function pendingOnTurso(): Promise<string[]> {
  const db = openDb(hrana.url, AUTH_TOKEN);
  try {
    return await pendingMigrations(db);
  } finally {
    db.client.close();
  }
}

describe('npm run deploy', () => {
  it('--dry-run builds, checks both Workers, names the secrets and lists the migrations, changing nothing', async () => {
    const { status, output } = await deploy(['--dry-run']);
    expect(status, output).toBe(0);
    expect(output).toMatch(/✓ Worker des documents \(passerelle-documents\)\s: prêt à déployer \([\d.]+ KiB/);
    expect(output).toMatch(/✓ Worker principal \(passerelle-industrie\)\s: prêt à déployer \([\d.]+ KiB/);
    expect(output).toContain('DATABASE_URL, DATABASE_AUTH_TOKEN, JWT_SECRET, MAIL_API_KEY');
    const all = migrationsOfThisVersion().map((migration) => migration.tag);
    expect(output).toContain(`(${all.length}) : ${all.join(', ')}`);
    expect(output).toContain('rien n’a été déployé ni modifié');
  }, 180_000);

  it('--dry-run asks the database named which migrations it lacks, without applying them', async () => {
    const { status, output } = await deploy(['--dry-run', '--skip-build'], onTurso());
    expect(status, output).toBe(0);
    expect(output).toContain(`Migrations à appliquer sur ${hrana.url}`);
    expect(await pendingOnTurso()).toHaveLength(migrationsOfThisVersion().length);
  }, 60_000);

  it('refuses a Worker without its secrets before it changes anything', async () => {
    const wrangler = fakeWrangler(['DATABASE_URL', 'DATABASE_AUTH_TOKEN', 'JWT_SECRET', 'LIVEKIT_URL']);
    const { status, output } = await deploy(['--skip-build'], onTurso({ DEPLOY_WRANGLER: wrangler.command }));
    expect(status).toBe(1);
    expect(output).toContain('le secret MAIL_API_KEY manque (npx wrangler secret put MAIL_API_KEY)');
    expect(output).toContain('LIVEKIT_URL, LIVEKIT_API_KEY, LIVEKIT_API_SECRET vont ensemble');
    expect(
      wrangler.calls().filter((call) => call.startsWith('deploy') && !call.includes('--dry-run')),
    ).toEqual([]);
    expect(await pendingOnTurso()).toHaveLength(migrationsOfThisVersion().length);
  }, 60_000);

  it('refuses a database file: a Worker reads Turso', async () => {
    const { status, output } = await deploy(['--skip-build'], { DATABASE_URL: `file:${join(dir, 'x.db')}` });
    expect(status).toBe(1);
    expect(output).toContain('DATABASE_URL doit nommer la base Turso');
  });

  it('migrates Turso, then deploys the documents Worker, then the main one', async () => {
    const wrangler = fakeWrangler([...REQUIRED_SECRETS]);
    const { status, output } = await deploy(['--skip-build'], onTurso({ DEPLOY_WRANGLER: wrangler.command }));
    expect(status, output).toBe(0);
    expect(wrangler.calls()).toEqual([
      'deploy --dry-run --config wrangler.documents.toml --outdir …',
      'deploy --dry-run --config dist-cloudflare/server/wrangler.json --outdir …',
      'secret list --config dist-cloudflare/server/wrangler.json --format json',
      'deploy --config wrangler.documents.toml',
      'deploy --config dist-cloudflare/server/wrangler.json',
    ]);
    expect(await pendingOnTurso()).toEqual([]);
    const db = openDb(hrana.url, AUTH_TOKEN);
    try {
      const { rows } = await db.client.execute('SELECT count(*) AS n FROM departments');
      expect(Number(rows[0]?.n)).toBeGreaterThan(100);
    } finally {
      db.client.close();
    }
    // Once more: nothing left to apply, and it says so.
    const again = await deploy(
      ['--skip-build'],
      onTurso({ DEPLOY_WRANGLER: fakeWrangler([...REQUIRED_SECRETS]).command }),
    );
    expect(again.output).toContain('✓ migrations : aucune à appliquer');
  }, 60_000);
});
