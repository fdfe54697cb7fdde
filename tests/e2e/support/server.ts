import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareDatabase } from '../../../scripts/prepare-db.ts';
import { readConfig } from '../../../server/config.ts';

export interface RunningServer {
  baseURL: string;
  databaseUrl: string;
  output: () => string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * The built server (`npm run build` output), as `npm start` runs it, on a fresh database prepared the
 * same way (migrations, departments, demo data, admin), on a free port.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), 'passerelle-e2e-'));
  const port = await freePort();
  const fullEnv = {
    ...process.env,
    DATABASE_URL: `file:${join(dir, 'app.db')}`,
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'warn',
    SEED: 'demo',
    ...env,
  };
  await prepareDatabase(readConfig(fullEnv));
  const child: ChildProcess = spawn(process.execPath, ['dist/server/index.mjs'], {
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
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseURL,
    databaseUrl: fullEnv.DATABASE_URL,
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
