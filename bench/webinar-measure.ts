import { availableParallelism } from 'node:os';
import type { Browser, Page } from 'playwright-core';
import { type LocalLiveKit, liveKitBinary, startLiveKitDev } from '../scripts/livekit-dev.ts';
import { FAKE_CAMERA_AND_MICROPHONE, launchChromium } from '../tests/e2e/support/browser.ts';
import {
  byTree,
  chromiumThreadPart,
  machineTicks,
  type ProcessTicks,
  processTicks,
  type ThreadTicks,
  TICKS_PER_SECOND,
  threadTicks,
  ticksOf,
} from './cpu.ts';
import { median, type WebinarStep } from './webinar-budgets.ts';
import {
  type Capture,
  joinAsHost,
  joinAudience,
  receivesStage,
  startPageServer,
  type VideoCounters,
  videoCounters,
  webinarToken,
} from './webinar-room.ts';

/** The switch that names each bench Chromium on its command line, for /proc (its tree's root). */
export const browserMark = (role: 'host' | 'audience') => `--webinar-bench=${role}`;

/** The webinar as it runs: LiveKit's process, the host's page and camera, the classes' pages. */
export interface RunningWebinar {
  serverPid: number;
  host: Page;
  nominalFps: number;
  audience: Page[];
}

const TREES = ['server', 'host', 'audience', 'bench'] as const;

function treesNow(serverPid: number): Map<string, ProcessTicks[]> {
  return byTree(processTicks(), (p) => {
    if (p.pid === serverPid) return 'server';
    if (p.pid === process.pid) return 'bench';
    // The browser process carries the switch; its children (--type=…) are counted with it.
    const mark = /--webinar-bench=(host|audience)/.exec(p.cmdline);
    return mark && !p.cmdline.includes('--type=') ? (mark[1] ?? null) : null;
  });
}

interface Snapshot {
  at: number;
  trees: Map<string, ProcessTicks[]>;
  threads: { host: ThreadTicks[]; audience: ThreadTicks[] };
  machine: { busy: number; total: number };
  host: VideoCounters;
  audience: VideoCounters[];
}

async function snapshot(webinar: RunningWebinar): Promise<Snapshot> {
  const [host, ...audience] = await Promise.all([
    videoCounters(webinar.host, 'sent'),
    ...webinar.audience.map((page) => videoCounters(page, 'received')),
  ]);
  if (!host) throw new Error('no counters from the host');
  const trees = treesNow(webinar.serverPid);
  return {
    at: performance.now(),
    trees,
    threads: {
      host: threadTicks(trees.get('host') ?? []),
      audience: threadTicks(trees.get('audience') ?? []),
    },
    machine: machineTicks(),
    host,
    audience,
  };
}

/**
 * Measures the webinar over `seconds`: the host's frames, each class's, the packets lost, and the CPU of
 * LiveKit, of each browser (by what its threads do), of this process and of the whole machine.
 */
export async function measureStep(webinar: RunningWebinar, seconds: number): Promise<WebinarStep> {
  const before = await snapshot(webinar);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const after = await snapshot(webinar);
  const elapsed = (after.at - before.at) / 1000;
  /** % of one core over the window, from a difference of ticks. */
  const percentOfCore = (ticks: number) => (100 * ticks) / TICKS_PER_SECOND / elapsed;
  const treeCpu = (name: string) =>
    percentOfCore(ticksOf(after.trees.get(name)) - ticksOf(before.trees.get(name)));
  const partsOf = (earlier: ThreadTicks[], later: ThreadTicks[]) => {
    const start = new Map(earlier.map((thread) => [thread.id, thread.ticks]));
    const parts: Record<string, number> = {};
    for (const thread of later) {
      const part = chromiumThreadPart(thread.name);
      parts[part] = (parts[part] ?? 0) + percentOfCore(thread.ticks - (start.get(thread.id) ?? 0));
    }
    return parts;
  };
  const fps = (a: VideoCounters, b: VideoCounters) => (b.frames - a.frames) / ((b.at - a.at) / 1000);
  const audienceFps = after.audience.map((counters, i) => {
    const earlier = before.audience[i];
    return earlier ? fps(earlier, counters) : 0;
  });
  const audienceMbps = median(
    after.audience.map((c, i) => {
      const earlier = before.audience[i];
      return earlier ? (8 * (c.bytes - earlier.bytes)) / 1e6 / ((c.at - earlier.at) / 1000) : 0;
    }),
  );
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const received = sum(after.audience.map((c, i) => c.packets - (before.audience[i]?.packets ?? 0)));
  const lost = sum(after.audience.map((c, i) => c.packetsLost - (before.audience[i]?.packetsLost ?? 0)));
  const cores = availableParallelism();
  const machine =
    (100 * (after.machine.busy - before.machine.busy)) / (after.machine.total - before.machine.total);
  const ours = sum(TREES.map(treeCpu)) / cores;
  return {
    audience: webinar.audience.length,
    seconds: elapsed,
    nominalFps: webinar.nominalFps,
    hostFps: fps(before.host, after.host),
    hostWidth: after.host.frameWidth,
    hostLimitation: after.host.limitation,
    audienceFps,
    audienceWidth: Math.min(...after.audience.map((c) => c.frameWidth)),
    audienceMbps,
    loss: received + lost > 0 ? lost / (received + lost) : 0,
    cpu: {
      server: treeCpu('server'),
      host: treeCpu('host'),
      audience: treeCpu('audience'),
      hostParts: partsOf(before.threads.host, after.threads.host),
      audienceParts: partsOf(before.threads.audience, after.threads.audience),
      bench: treeCpu('bench'),
      ours,
      machine,
      others: Math.max(0, machine - ours),
      cores,
    },
  };
}

/** The platform's camera asks 1280×720 at 30 fps (livekit-client's default h720): the fake device's rate. */
const CHROMIUM_FLAGS = [
  '--use-fake-device-for-media-stream=fps=30',
  ...FAKE_CAMERA_AND_MICROPHONE.filter((flag) => flag !== '--use-fake-device-for-media-stream'),
  // LiveKit's only candidate is 127.0.0.1: Chromium leaves loopback out of ICE unless told.
  '--allow-loopback-in-peer-connection',
  '--autoplay-policy=no-user-gesture-required',
];

export interface Webinar {
  liveKit: LocalLiveKit;
  capture: Capture;
  /** Classes join until there are `size`, and every one decodes the host's video at the stage's size. */
  growTo(size: number): Promise<void>;
  /** One step's measure over `seconds` (measureStep). */
  measure(seconds: number): Promise<WebinarStep>;
  close(): Promise<void>;
}

/**
 * A webinar on this machine: LiveKit from livekit.yaml made local, the host in a Chromium of its own on
 * camera, and an audience Chromium whose contexts are the classes (one each, none yet).
 */
export async function startWebinar(): Promise<Webinar> {
  const bin = liveKitBinary();
  if (!bin) throw new Error('livekit-server is not installed (README, .ci/run)');
  const slot = 1;
  const liveKit = await startLiveKitDev({ bin });
  const pageServer = await startPageServer();
  const browsers: Browser[] = [];
  const close = async () => {
    for (const browser of browsers) await browser.close().catch(() => undefined);
    await pageServer.close();
    await liveKit.stop();
  };
  try {
    for (const role of ['host', 'audience'] as const) {
      browsers.push(await launchChromium({ args: [...CHROMIUM_FLAGS, browserMark(role)] }));
    }
    const [hostBrowser, audienceBrowser] = browsers as [Browser, Browser];
    const token = (identity: string, role: 'host' | 'audience') =>
      webinarToken(liveKit, slot, identity, role);
    const host = await joinAsHost(hostBrowser, pageServer, liveKit.url, await token('hote', 'host'));
    const audience: Page[] = [];
    return {
      liveKit,
      capture: host.capture,
      async growTo(size) {
        const joining: Promise<Page>[] = [];
        for (let i = audience.length; i < size; i++) {
          const jwt = await token(`classe-${i + 1}`, 'audience');
          joining.push(joinAudience(audienceBrowser, pageServer, liveKit.url, jwt));
        }
        audience.push(...(await Promise.all(joining)));
        await Promise.all(audience.map((page) => receivesStage(page)));
      },
      measure: (seconds) =>
        measureStep(
          { serverPid: liveKit.pid, host: host.page, nominalFps: host.capture.frameRate, audience },
          seconds,
        ),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
