import { availableParallelism } from 'node:os';
import type { Page } from 'playwright-core';
import {
  byTree,
  chromiumThreadPart,
  machineTicks,
  type ProcessTicks,
  processTicks,
  TICKS_PER_SECOND,
  type ThreadTicks,
  threadTicks,
  ticksOf,
} from './cpu.ts';
import { median, type WebinarStep } from './webinar-budgets.ts';
import { type VideoCounters, videoCounters } from './webinar-room.ts';

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
