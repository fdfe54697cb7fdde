import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { parse, stringify } from 'yaml';
import { freePort } from './net.ts';

/**
 * A real LiveKit server started from the project's livekit.yaml, made local (docs/decisions/0062): for
 * `npm start` when no LIVEKIT_URL is set, and for the tests. Its signalling (HTTP and WebSocket), its RTC
 * over TCP and its single UDP port are bound to 127.0.0.1 and it announces 127.0.0.1 as its only
 * candidate: no media leaves the machine, unless a test lays other settings over it. It runs as a child
 * process and is stopped by its process id.
 */
export interface LocalLiveKit {
  /** ws://127.0.0.1:<port>, as the browsers and the app's LIVEKIT_URL take it. */
  url: string;
  apiKey: string;
  apiSecret: string;
  /** What it was started with: livekit.yaml and the changes laid over it. */
  settings: LiveKitSettings;
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

/** LiveKit's settings, as its YAML reads them. */
export type LiveKitSettings = { [key: string]: unknown };

/** The project's livekit.yaml (production), which every server started here begins from. */
export function shippedLiveKitSettings(): LiveKitSettings {
  return parse(readFileSync(new URL('../livekit.yaml', import.meta.url), 'utf8')) as LiveKitSettings;
}

/** `base` with `changes` laid over it key by key (objects merged, lists replaced); `null` removes a key. */
export function overlaid(base: LiveKitSettings, changes: LiveKitSettings): LiveKitSettings {
  const result: LiveKitSettings = { ...base };
  for (const [key, value] of Object.entries(changes)) {
    const before = result[key];
    if (value === null) delete result[key];
    else if (isSettings(value) && isSettings(before)) result[key] = overlaid(before, value);
    else result[key] = value;
  }
  return result;
}

function isSettings(value: unknown): value is LiveKitSettings {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Starts `bin` with livekit.yaml made local: loopback addresses, free ports, its own key, no Redis, no TURN,
 * and the webhook URLs when given; then `settings` laid over that (a test's TURN, Redis or addresses).
 * Resolves once `GET /` answers OK (30 s at most), and rejects with the server's log if it exits or never
 * answers.
 */
export async function startLiveKitDev(options: {
  bin: string;
  /** Where LiveKit posts its signed webhooks: the app's endpoint, and a test's own receiver. */
  webhookUrls?: string[];
  /** Laid over the local settings last (overlaid). */
  settings?: LiveKitSettings;
  /** The address the test reaches it on (its signalling URL); 127.0.0.1 unless bound elsewhere. */
  host?: string;
  /** Its API key and secret; nodes of one cluster share theirs. A key of its own otherwise. */
  key?: { apiKey: string; apiSecret: string };
  timeoutMs?: number;
}): Promise<LocalLiveKit> {
  const [httpPort, tcpPort, udpPort] = [await freePort(), await freePort(), await freePort()];
  const { apiKey, apiSecret } = options.key ?? {
    apiKey: 'passerelle-dev',
    apiSecret: randomBytes(24).toString('base64url'),
  };
  const local: LiveKitSettings = {
    port: httpPort,
    bind_addresses: ['127.0.0.1'],
    rtc: {
      tcp_port: tcpPort,
      udp_port: udpPort,
      use_external_ip: false,
      node_ip: '127.0.0.1',
      enable_loopback_candidate: true,
      ips: { includes: ['127.0.0.1/32'] },
    },
    turn: { enabled: false },
    redis: null,
    keys: { [apiKey]: apiSecret },
    webhook: options.webhookUrls?.length ? { api_key: apiKey, urls: options.webhookUrls } : null,
    logging: { level: 'info', json: false },
  };
  const settings = overlaid(overlaid(shippedLiveKitSettings(), local), options.settings ?? {});
  const host = options.host ?? '127.0.0.1';
  const child: ChildProcess = spawn(options.bin, ['--config-body', stringify(settings)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  const httpUrl = `http://${host}:${settings.port}`;
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
    url: `ws://${host}:${settings.port}`,
    settings,
    apiKey,
    apiSecret,
    pid: child.pid ?? 0,
    output: () => output,
    stop,
  };
}
