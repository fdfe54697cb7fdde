import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDb } from '../db/client.ts';
import { migrateDb, migrationsOfThisVersion, pendingMigrations } from '../db/migrate.ts';
import { ensureDepartments } from '../db/reference/departments.ts';

/**
 * `npm run deploy`: the platform to Cloudflare (docs/operations.md, « Déployer »). In order: the Worker build,
 * both Workers checked by `wrangler deploy --dry-run`, the Worker's secrets checked against what it needs,
 * the pending migrations applied to the Turso database named by DATABASE_URL and DATABASE_AUTH_TOKEN, then
 * the documents Worker deployed, then the main Worker (which calls the documents Worker: it goes first).
 *
 * `npm run deploy -- --dry-run` does all that needs no network and changes nothing: the build, both dry
 * runs, the secrets the Worker needs (named, and which this shell has), the migrations it would apply
 * (asked of DATABASE_URL's database, read only, when one is given; all of them otherwise). CI runs it.
 * `--skip-build` uses the build in dist-cloudflare/ as it is. DEPLOY_WRANGLER names another wrangler (tests).
 */

const root = fileURLToPath(new URL('..', import.meta.url));
/** The main Worker's configuration as the build writes it (wrangler.toml, completed by the Vite plugin). */
export const WORKER_CONFIG = join(root, 'dist-cloudflare/server/wrangler.json');
export const DOCUMENTS_CONFIG = join(root, 'wrangler.documents.toml');

/**
 * The main Worker's secrets (`npx wrangler secret put NAME`): without one of them it cannot serve
 * (server/kernel/config.ts). The non-secret settings are wrangler.toml's [vars].
 */
export const REQUIRED_SECRETS = [
  'DATABASE_URL',
  'DATABASE_AUTH_TOKEN',
  'JWT_SECRET',
  'MAIL_API_KEY',
] as const;
/** Secrets that go together: all or none (the video rooms). */
export const SECRETS_TOGETHER = [['LIVEKIT_URL', 'LIVEKIT_API_KEY', 'LIVEKIT_API_SECRET']] as const;

export class DeployRefused extends Error {}

interface Step {
  say(line: string): void;
  wrangler(args: string[]): { status: number | null; output: string };
}

/** Which required secrets a list of names lacks, and which groups are given in part; in French, or empty. */
export function secretsProblems(names: readonly string[]): string[] {
  const has = new Set(names);
  const problems = REQUIRED_SECRETS.filter((name) => !has.has(name)).map(
    (name) => `le secret ${name} manque (npx wrangler secret put ${name})`,
  );
  for (const group of SECRETS_TOGETHER) {
    const given = group.filter((name) => has.has(name));
    if (given.length > 0 && given.length < group.length) {
      problems.push(
        `${group.join(', ')} vont ensemble : il manque ${group.filter((n) => !has.has(n)).join(', ')}`,
      );
    }
  }
  return problems;
}

function dryRun(step: Step, label: string, configArgs: string[]): void {
  const outdir = mkdtempSync(join(tmpdir(), 'passerelle-deploy-'));
  try {
    const result = step.wrangler(['deploy', '--dry-run', ...configArgs, '--outdir', outdir]);
    if (result.status !== 0)
      throw new DeployRefused(`${label} : wrangler deploy --dry-run a échoué.\n${result.output}`);
    const size = /Total Upload: ([\d.,]+ KiB \/ gzip: [\d.,]+ KiB)/.exec(result.output)?.[1];
    step.say(`✓ ${label} : prêt à déployer${size ? ` (${size})` : ''}`);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** The secrets the deployed Worker has (`wrangler secret list`), by name. */
function workerSecrets(step: Step): string[] {
  const result = step.wrangler(['secret', 'list', '--config', WORKER_CONFIG, '--format', 'json']);
  if (result.status !== 0) throw new DeployRefused(`wrangler secret list a échoué.\n${result.output}`);
  const list = JSON.parse(result.output.slice(result.output.indexOf('['))) as { name: string }[];
  return list.map((secret) => secret.name);
}

export interface DeployOptions {
  dryRun: boolean;
  skipBuild: boolean;
  env: Record<string, string | undefined>;
  say?: (line: string) => void;
}

export async function deploy(options: DeployOptions): Promise<void> {
  const { env } = options;
  const wranglerCommand = env.DEPLOY_WRANGLER || join(root, 'node_modules/.bin/wrangler');
  const step: Step = {
    say: options.say ?? ((line) => console.log(line)),
    wrangler(args) {
      const result = spawnSync(wranglerCommand, args, {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, ...env, WRANGLER_SEND_METRICS: 'false' },
      });
      return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
    },
  };
  const databaseUrl = env.DATABASE_URL;
  if (!options.dryRun) {
    if (!databaseUrl || databaseUrl.startsWith('file:')) {
      throw new DeployRefused(
        'DATABASE_URL doit nommer la base Turso (libsql://…), avec DATABASE_AUTH_TOKEN : un Worker ne lit pas de fichier.',
      );
    }
  }

  if (!options.skipBuild) {
    step.say('… construction du Worker (npm run build:cloudflare)');
    // As it ships, whatever the shell says: NODE_ENV=test or development would build React's development files.
    const build = spawnSync('npm', ['run', '--silent', 'build:cloudflare'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0)
      throw new DeployRefused(`La construction a échoué.\n${build.stdout}${build.stderr}`);
  }
  if (!existsSync(WORKER_CONFIG)) throw new DeployRefused('Pas de build Worker : lancez sans --skip-build.');
  dryRun(step, 'Worker des documents (passerelle-documents)', ['--config', DOCUMENTS_CONFIG]);
  dryRun(step, 'Worker principal (passerelle-industrie)', ['--config', WORKER_CONFIG]);

  if (options.dryRun) {
    const inShell = REQUIRED_SECRETS.filter((name) => env[name]);
    step.say(
      `Secrets du Worker (npx wrangler secret put NOM) : ${REQUIRED_SECRETS.join(', ')} ; facultatifs ensemble : ${SECRETS_TOGETHER.map((g) => g.join(', ')).join(' ; ')}. Le déploiement vérifie que le Worker les a${inShell.length > 0 ? ` (cet environnement a : ${inShell.join(', ')})` : ''}.`,
    );
  } else {
    const problems = secretsProblems(workerSecrets(step));
    if (problems.length > 0)
      throw new DeployRefused(`Le Worker n’a pas ses secrets :\n- ${problems.join('\n- ')}`);
    step.say('✓ secrets du Worker');
  }

  const db = databaseUrl ? openDb(databaseUrl, env.DATABASE_AUTH_TOKEN) : null;
  try {
    const pending = db ? await pendingMigrations(db) : migrationsOfThisVersion().map((m) => m.tag);
    const where = db
      ? databaseUrl
      : 'une base neuve (DATABASE_URL non donnée : la base n’est pas interrogée)';
    step.say(
      pending.length === 0
        ? `✓ migrations : aucune à appliquer sur ${where}`
        : `${options.dryRun ? 'Migrations à appliquer' : '… migrations appliquées'} sur ${where} (${pending.length}) : ${pending.join(', ')}`,
    );
    if (options.dryRun) {
      step.say('Essai à blanc terminé : rien n’a été déployé ni modifié.');
      return;
    }
    if (db) {
      await migrateDb(db);
      await ensureDepartments(db);
    }
  } finally {
    db?.client.close();
  }

  for (const [label, config] of [
    ['Worker des documents', DOCUMENTS_CONFIG],
    ['Worker principal', WORKER_CONFIG],
  ] as const) {
    const result = step.wrangler(['deploy', '--config', config]);
    if (result.status !== 0)
      throw new DeployRefused(`${label} : wrangler deploy a échoué.\n${result.output}`);
    step.say(`✓ ${label} déployé`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await deploy({
      dryRun: process.argv.includes('--dry-run'),
      skipBuild: process.argv.includes('--skip-build'),
      env: process.env,
    });
  } catch (error) {
    if (!(error instanceof DeployRefused)) throw error;
    console.error(`Déploiement arrêté : ${error.message}`);
    process.exitCode = 1;
  }
}
