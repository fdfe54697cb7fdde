import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareDatabase } from '../../../scripts/prepare-db.ts';
import { readConfig } from '../../../server/kernel/config.ts';
import { freePort, waitUntilServing } from '../../fixtures/net.ts';
import { throwawaySecret } from '../../fixtures/secret.ts';

export interface RunningServer {
  baseURL: string;
  databaseUrl: string;
  /** Its secret for signed links, for a job run by hand beside it (runJobNow). */
  jwtSecret: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * The built server (`npm run build` output), as `npm start` runs it, on a fresh database prepared the
 * same way (migrations, departments, demo data, admin), on a free port. `wrapper` is a command it runs
 * through, which ends by executing its arguments (a test whose server must resolve names of its own).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { wrapper?: string[] } = {},
): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'passerelle-e2e-'));
  // A test that must know the port beforehand (a webhook URL given to another server) passes PORT.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const fullEnv = {
    ...process.env,
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    SEED: 'demo',
    // Its own uploads folder, removed with the database: the demo seed writes visit documents there.
    FILES_DIR: join(dir, 'uploads'),
    JWT_SECRET: throwawaySecret(),
    ...env,
  };
  await prepareDatabase(readConfig(fullEnv));
  const [command = process.execPath, ...args] = [
    ...(options.wrapper ?? []),
    process.execPath,
    'dist/server/index.mjs',
  ];
  const child: ChildProcess = spawn(command, args, {
    env: fullEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const baseURL = `http://localhost:${port}`;
  await waitUntilServing(`${baseURL}/healthz`, child, { timeoutMs: 30_000, output: () => output });
  return {
    baseURL,
    databaseUrl: fullEnv.DATABASE_URL,
    jwtSecret: fullEnv.JWT_SECRET,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
