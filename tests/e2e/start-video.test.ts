import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../fixtures/net.ts';

/**
 * `npm start` and the video rooms (issue 23): with no LIVEKIT_URL, a `livekit-server` it finds is started in
 * development mode on loopback and stopped with it; without one, it says in one line how to get one.
 * Run on the built server (SKIP_BUILD=1: the e2e project builds first).
 */
const started: { child: ChildProcess; dir: string }[] = [];
afterEach(() => {
  for (const { child, dir } of started.splice(0)) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});

async function npmStart(env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
  const dir = mkdtempSync(join(tmpdir(), 'passerelle-start-'));
  const child = spawn(process.execPath, ['scripts/start.ts'], {
    env: {
      ...process.env,
      SKIP_BUILD: '1',
      PORT: String(await freePort()),
      DATABASE_URL: `file:${join(dir, 'app.db')}`,
      FILES_DIR: join(dir, 'uploads'),
      LOG_LEVEL: 'warn',
      LIVEKIT_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ child, dir });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  while (!output.includes('Visioconférence')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`npm start said:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, output: () => output };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start and the video rooms', () => {
  it('starts the livekit-server it finds on loopback, says so, and stops it with the platform', async () => {
    const { child, output } = await npmStart({});
    const line =
      /Visioconférence\s: serveur LiveKit local \(.*livekit-server, processus (\d+), réglé par livekit\.yaml\) sur ws:\/\/127\.0\.0\.1:(\d+)/.exec(
        output(),
      );
    expect(line, output()).not.toBeNull();
    const [, pid, port] = line as RegExpExecArray;
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('OK');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    expect(alive(Number(pid))).toBe(false);
  });

  it('says in one line how to get a server when there is none', async () => {
    const { output } = await npmStart({ LIVEKIT_BIN: '/nulle-part/livekit-server' });
    const lines = output()
      .split('\n')
      .filter((text) => text.startsWith('Visioconférence'));
    expect(lines).toEqual([
      expect.stringContaining(
        'pas de serveur LiveKit, liens externes seulement. Pour l’avoir : go install github.com/livekit/livekit-server/cmd/server@v1.13.5',
      ),
    ]);
  });
});
