/**
 * What one step of the webinar's size (bench/webinar-size.ts) measured, and the budgets it must keep
 * (decision 0104). CPU is in % of one core, over the window; the machine's share in % of all its cores.
 */
export interface WebinarStep {
  /** Classes in the audience. */
  audience: number;
  seconds: number;
  /** The host's camera: what it captures. */
  nominalFps: number;
  /** Frames of the host's top layer sent per second, its width and why the encoder limits it. */
  hostFps: number;
  hostWidth: number;
  hostLimitation: string;
  /** Video frames each class decoded per second, and the widths received. */
  audienceFps: number[];
  audienceWidth: number;
  /** What a class receives (its video and the host's voice), in Mbit/s: the median. */
  audienceMbps: number;
  /** Packets the classes lost, of those meant for them. */
  loss: number;
  cpu: {
    server: number;
    host: number;
    audience: number;
    /** Each browser's time by what its threads do (cpu.ts's chromiumThreadPart): codecs, RTP, painting… */
    hostParts: Record<string, number>;
    audienceParts: Record<string, number>;
    /** This bench's own Node process (Playwright's side). */
    bench: number;
    /**
     * The machine, all cores, in %: what this bench's processes (all of the above) took, how busy it was,
     * and the rest (other work on a shared machine).
     */
    ours: number;
    machine: number;
    others: number;
    cores: number;
  };
}

export const BUDGETS = {
  /** The host's top layer keeps ≥ 90 % of the camera's frame rate… */
  hostFps: 0.9,
  /** …the classes' median decodes ≥ 90 % of what the host sends, and no class under 75 %. */
  audienceMedianFps: 0.9,
  audienceMinFps: 0.75,
  /** Under 1 % of the packets lost on the way to the classes. */
  loss: 0.01,
  /** LiveKit under a quarter of the machine (half a core here)… */
  serverShareOfMachine: 0.25,
  /**
   * …and the bench's processes under 90 % of the machine: past it every other figure measures the queue.
   * (Its own processes only: on a shared machine the others' work shows in the fps, and in the table.)
   */
  machine: 0.9,
} as const;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The budgets a step breaks, each in a few words with its figure; none when it keeps them all. */
export function brokenBudgets(step: WebinarStep): string[] {
  const broken: string[] = [];
  const percent = (value: number) => `${(100 * value).toFixed(0)} %`;
  const hostShare = step.hostFps / step.nominalFps;
  if (hostShare < BUDGETS.hostFps) broken.push(`host sends ${percent(hostShare)} of its camera's fps`);
  const medianShare = median(step.audienceFps) / step.hostFps;
  if (medianShare < BUDGETS.audienceMedianFps) {
    broken.push(`classes' median decodes ${percent(medianShare)} of the host's fps`);
  }
  const minShare = Math.min(...step.audienceFps) / step.hostFps;
  if (minShare < BUDGETS.audienceMinFps)
    broken.push(`a class decodes ${percent(minShare)} of the host's fps`);
  if (step.loss > BUDGETS.loss) broken.push(`${percent(step.loss)} of the packets lost`);
  const serverShare = step.cpu.server / 100 / step.cpu.cores;
  if (serverShare > BUDGETS.serverShareOfMachine) {
    broken.push(`LiveKit takes ${percent(serverShare)} of the machine`);
  }
  if (step.cpu.ours / 100 > BUDGETS.machine)
    broken.push(`the bench takes ${step.cpu.ours.toFixed(0)} % of the machine`);
  return broken;
}

/** The largest audience of the steps, in order, before the first that breaks a budget; 0 if the first does. */
export function largestKept(steps: WebinarStep[]): number {
  let largest = 0;
  for (const step of steps) {
    if (brokenBudgets(step).length > 0) break;
    largest = step.audience;
  }
  return largest;
}

/**
 * What a class costs LiveKit, in % of a core, from the steps that kept every budget: at most its time over
 * its classes at the largest (the host's own stream counted in), and the slope between the smallest and the
 * largest (null from one step alone). The slope is the better estimate when the steps are far apart; on a
 * busy machine it is noise, and the upper bound is what an extrapolation should use.
 */
export function serverCostPerClass(steps: WebinarStep[]): { atMost: number; slope: number | null } {
  const first = steps[0];
  const last = steps.at(-1);
  if (!first || !last) return { atMost: 0, slope: null };
  return {
    atMost: last.cpu.server / last.audience,
    slope: first === last ? null : (last.cpu.server - first.cpu.server) / (last.audience - first.audience),
  };
}
