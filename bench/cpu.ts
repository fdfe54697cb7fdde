import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time from /proc, in ticks (1/100 s on Linux): a process with its threads, grouped by the tree it
 * belongs to. The video benches use it to tell LiveKit's time from each browser's (bench/video.ts,
 * bench/webinar-size.ts).
 */
export const TICKS_PER_SECOND = 100;

export interface ProcessTicks {
  pid: number;
  ppid: number;
  /** User and system time of the process and its threads. */
  ticks: number;
  /** Its arguments, joined by NUL as /proc gives them. */
  cmdline: string;
}

/** Every process this namespace sees, with its CPU time so far. */
export function processTicks(): ProcessTicks[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // After the command's name in parentheses: state, ppid, …, utime (14th field), stime (15th).
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return [
          {
            pid: Number(pid),
            ppid: Number(fields[1]),
            ticks: Number(fields[11]) + Number(fields[12]),
            cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8'),
          },
        ];
      } catch {
        // It ended between the listing and the read.
        return [];
      }
    });
}

/**
 * The processes of each tree: a process belongs to the nearest of itself and its ancestors that `rootName`
 * names (null: not a root); processes of no named tree are left out.
 */
export function byTree(
  processes: ProcessTicks[],
  rootName: (process: ProcessTicks) => string | null,
): Map<string, ProcessTicks[]> {
  const byPid = new Map(processes.map((p) => [p.pid, p]));
  const trees = new Map<string, ProcessTicks[]>();
  for (const process of processes) {
    for (let p: ProcessTicks | undefined = process; p; p = byPid.get(p.ppid)) {
      const name = rootName(p);
      if (name === null) continue;
      trees.set(name, [...(trees.get(name) ?? []), process]);
      break;
    }
  }
  return trees;
}

/** The ticks of these processes together. */
export function ticksOf(processes: ProcessTicks[] | undefined): number {
  return (processes ?? []).reduce((sum, p) => sum + p.ticks, 0);
}

export interface ThreadTicks {
  /** pid/tid: a thread of one process. */
  id: string;
  /** Its name, as the program gave it (15 characters at most). */
  name: string;
  ticks: number;
}

/** The threads of these processes, with their CPU time so far. */
export function threadTicks(processes: ProcessTicks[]): ThreadTicks[] {
  return processes.flatMap((process) => {
    try {
      return readdirSync(`/proc/${process.pid}/task`).flatMap((tid) => {
        try {
          const stat = readFileSync(`/proc/${process.pid}/task/${tid}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          return [
            {
              id: `${process.pid}/${tid}`,
              name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
              ticks: Number(fields[11]) + Number(fields[12]),
            },
          ];
        } catch {
          return [];
        }
      });
    } catch {
      return [];
    }
  });
}

/**
 * What a thread of Chromium does in a video call, by its name: the thread pool runs WebRTC's encoders and
 * decoders (its task queues), WebRTC_W_and_N its RTP and sockets, the compositor threads put frames on
 * screen (in software here), the audio threads capture, mix and play.
 */
export function chromiumThreadPart(name: string): ChromiumPart {
  if (name.startsWith('ThreadPool')) return 'codecs (thread pool)';
  if (name.startsWith('WebRTC')) return 'RTP (WebRTC thread)';
  if (/Compo|Viz/.test(name)) return 'painting frames';
  if (/Audio/.test(name)) return 'audio';
  if (/IOT/.test(name)) return 'IPC (IO threads)';
  return 'other';
}

export const CHROMIUM_PARTS = [
  'codecs (thread pool)',
  'RTP (WebRTC thread)',
  'painting frames',
  'audio',
  'IPC (IO threads)',
  'other',
] as const;
export type ChromiumPart = (typeof CHROMIUM_PARTS)[number];

/** The machine's busy and total ticks over all its cores so far (/proc/stat's first line). */
export function machineTicks(): { busy: number; total: number } {
  const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]?.trim().split(/\s+/) ?? [];
  const numbers = values.map(Number);
  // user nice system idle iowait irq softirq steal (guest times are already in user and nice).
  const total = numbers.slice(0, 8).reduce((sum, value) => sum + value, 0);
  const idle = (numbers[3] ?? 0) + (numbers[4] ?? 0);
  return { busy: total - idle, total };
}
