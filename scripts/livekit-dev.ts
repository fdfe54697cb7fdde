import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { freePort } from './net.ts';

/**
 * A real LiveKit server in development mode, on this machine's loopback only (docs/decisions/0062): for
 * `npm start` when no LIVEKIT_URL is set, and for the tests. Its signalling (HTTP and WebSocket), its RTC
 * over TCP and its single UDP port are bound to 127.0.0.1 and it announces 127.0.0.1 as its only
 * candidate: no media leaves the machine. It runs as a child process and is stopped by its process id.
 */
export interface LocalLiveKit {
  /** ws://127.0.0.1:<port>, as the browsers and the app's LIVEKIT_URL take it. */
  url: string;
  apiKey: string;
  apiSecret: string;
  pid: number;
  /** What the server printed so far (its log). */
  output(): string;
  stop(): Promise<void>;
}

/** How to get the server when it is missing: LiveKit's own release, built by Go (README, decision 0062). */
export const LIVEKIT_INSTALL =
  'go install github.com/livekit/livekit-server/cmd/server@v1.13.5, puis copiez $(go env GOPATH)/bin/server en livekit-server dans le PATH (ou LIVEKIT_BIN)';

/** The server's binary: LIVEKIT_BIN, else `livekit-server` on PATH; null when there is none. */
export function liveKitBinary(env: Record<string, string | undefined> = process.env): string | null {
  const candidates = env.LIVEKIT_BIN
    ? [env.LIVEKIT_BIN]
    : (env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'livekit-server'));
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {}
  }
  return null;
}

/**
 * Starts `bin --dev` with its own key, free ports and, when given, the webhook URLs; resolves once
 * `GET /` answers OK (30 s at most), and rejects with the server's log if it exits or never answers.
 */
export async function startLiveKitDev(options: {
  bin: string;
  /** Where LiveKit posts its signed webhooks: the app's endpoint, and a test's own receiver. */
  webhookUrls?: string[];
  timeoutMs?: number;
}): Promise<LocalLiveKit> {
  const [httpPort, tcpPort, udpPort] = [await freePort(), await freePort(), await freePort()];
  const apiKey = 'passerelle-dev';
  const apiSecret = randomBytes(24).toString('base64url');
  const config = [
    `port: ${httpPort}`,
    'rtc:',
    `  tcp_port: ${tcpPort}`,
    `  udp_port: ${udpPort}`,
    '  use_external_ip: false',
    '  enable_loopback_candidate: true',
    '  ips:',
    '    includes: [127.0.0.1/32]',
    'keys:',
    `  ${apiKey}: ${apiSecret}`,
    ...(options.webhookUrls?.length
      ? [
          'webhook:',
          `  api_key: ${apiKey}`,
          `  urls: [${options.webhookUrls.map((url) => `"${url}"`).join(', ')}]`,
        ]
      : []),
  ].join('\n');
  const child: ChildProcess = spawn(
    options.bin,
    ['--dev', '--bind', '127.0.0.1', '--node-ip', '127.0.0.1', '--config-body', config],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk) => (output += chunk));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const httpUrl = `http://127.0.0.1:${httpPort}`;
  const deadline = Date.now() + (options.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`livekit-server stopped before answering:\n${output}`);
    }
    const answer = await fetch(httpUrl).then(
      (response) => response.text(),
      () => '',
    );
    if (answer.trim() === 'OK') break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`livekit-server did not answer on ${httpUrl}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `ws://127.0.0.1:${httpPort}`,
    apiKey,
    apiSecret,
    pid: child.pid ?? 0,
    output: () => output,
    stop,
  };
}
