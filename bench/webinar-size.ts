import { shippedLiveKitSettings } from '../scripts/livekit-dev.ts';
import { CHROMIUM_PARTS } from './cpu.ts';
import {
  BUDGETS,
  brokenBudgets,
  largestKept,
  median,
  serverCostPerClass,
  type WebinarStep,
} from './webinar-budgets.ts';
import { startWebinar } from './webinar-measure.ts';

/**
 * `npm run bench:webinar-size` (issue 38, decision 0104): how large a webinar this machine holds. One host
 * publishes its camera (Chromium's fake one at the platform's 1280×720, 30 fps) and microphone; classes
 * join the audience, each a context of one audience Chromium, and the audience grows by steps until a
 * budget breaks (webinar-budgets.ts). LiveKit is started from livekit.yaml made local
 * (scripts/livekit-dev.ts); the npm script runs all of it in a network namespace of its own (`unshare`).
 * Each step: everyone decodes the host's video, then `--settle` seconds, then the window (`--window`).
 * `--steps=2,5,10` chooses the audiences (at most livekit.yaml's room.max_participants, less the host);
 * `--all-steps` measures them all, past the first that breaks a budget (the trend of each cost).
 */
const argument = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const STEPS = argument('steps', '2,4,6,8,10,12,16,20,30,40,60,80').split(',').map(Number);
const WINDOW_SECONDS = Number(argument('window', '20'));
const SETTLE_SECONDS = Number(argument('settle', '5'));
const ALL_STEPS = process.argv.includes('--all-steps');

const webinar = await startWebinar();
const steps: WebinarStep[] = [];
try {
  const { capture, liveKit } = webinar;
  console.log(
    `Webinar's size: LiveKit (pid ${liveKit.pid}) from livekit.yaml (loopback), the host's camera ` +
      `${capture.width}×${capture.height} at ${capture.frameRate} fps, windows of ${WINDOW_SECONDS} s ` +
      `after ${SETTLE_SECONDS} s, steps ${STEPS.join(', ')}`,
  );
  for (const size of STEPS) {
    await webinar.growTo(size);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    const step = await webinar.measure(WINDOW_SECONDS);
    steps.push(step);
    const broken = brokenBudgets(step);
    console.log(`- ${size} classes: ${broken.length ? `breaks ${broken.join('; ')}` : 'every budget kept'}`);
    if (broken.length && !ALL_STEPS) break;
  }
} finally {
  await webinar.close();
}
printReport(steps);

function printReport(steps: WebinarStep[]): void {
  const fixed = (value: number, digits = 0) => value.toFixed(digits);
  console.log('\nPer step (CPU in % of one core over the window; machine in % of its cores):');
  console.table(
    steps.map((step) => ({
      classes: step.audience,
      'host fps': `${fixed(step.hostFps, 1)} / ${step.nominalFps} (${step.hostWidth} px, ${step.hostLimitation})`,
      'classes fps median': fixed(median(step.audienceFps), 1),
      'classes fps min': fixed(Math.min(...step.audienceFps), 1),
      'Mbit/s per class': fixed(step.audienceMbps, 2),
      'lost %': fixed(100 * step.loss, 2),
      'LiveKit %': fixed(step.cpu.server, 1),
      'host Chromium %': fixed(step.cpu.host),
      'audience Chromium %': fixed(step.cpu.audience),
      'ours, % of machine': fixed(step.cpu.ours),
      'machine busy %': fixed(step.cpu.machine),
      'others %': fixed(step.cpu.others),
    })),
  );
  console.log('Where the time goes, in % of one core: LiveKit, and each browser by what its threads do:');
  const column = (step: WebinarStep) => `${step.audience} classes`;
  const row = (what: string, cpu: (step: WebinarStep) => number | undefined) => ({
    what,
    ...Object.fromEntries(steps.map((step) => [column(step), fixed(cpu(step) ?? 0, 1)])),
  });
  console.table([
    row('LiveKit (receiving, forwarding)', (step) => step.cpu.server),
    ...CHROMIUM_PARTS.map((part) => row(`host: ${part}`, (step) => step.cpu.hostParts[part])),
    ...CHROMIUM_PARTS.map((part) => row(`classes: ${part}`, (step) => step.cpu.audienceParts[part])),
    row('classes: per class', (step) => step.cpu.audience / step.audience),
    row('bench (Node, Playwright)', (step) => step.cpu.bench),
  ]);
  const largest = largestKept(steps);
  console.log(
    `Budgets: host ≥ ${100 * BUDGETS.hostFps} % of its camera's fps; classes' median ≥ ` +
      `${100 * BUDGETS.audienceMedianFps} % and each ≥ ${100 * BUDGETS.audienceMinFps} % of the host's; ` +
      `≤ ${100 * BUDGETS.loss} % lost; LiveKit ≤ ${100 * BUDGETS.serverShareOfMachine} % of the machine; ` +
      `the bench's processes ≤ ${100 * BUDGETS.machine} % of the machine.`,
  );
  const unbroken = largest === steps.at(-1)?.audience;
  console.log(
    unbroken
      ? `Every step kept every budget: this machine holds at least ${largest} classes (add steps to find more).`
      : `Largest audience keeping every budget on this machine: ${largest} classes.`,
  );
  const kept = steps.filter((step) => step.audience <= largest);
  const last = kept.at(-1);
  if (!last) return;
  const { atMost, slope } = serverCostPerClass(kept);
  const node = (cores: number) => Math.floor((cores * 100 * 0.8) / atMost);
  console.log(
    `LiveKit: ${fixed(last.cpu.server, 1)} % of a core for ${last.audience} classes, at most ` +
      `${fixed(atMost, 2)} % per class` +
      (slope === null ? '' : ` (${fixed(slope, 2)} % per class added from ${kept[0]?.audience} classes)`) +
      `; each class receives ${fixed(last.audienceMbps, 2)} Mbit/s.`,
  );
  console.log(
    `Extrapolation, not measured: at that cost a node running LiveKit alone, under 80 % of its cores, ` +
      `would forward one host's camera to about ${node(4)} classes on 4 cores and ${node(8)} on 8, ` +
      `${fixed((node(8) * last.audienceMbps) / 1000, 1)} Gbit/s out for the latter: past livekit.yaml's ` +
      `room.max_participants (${String((shippedLiveKitSettings().room as { max_participants?: number })?.max_participants)}) ` +
      `and the clients' own machines, which are what this one measures.`,
  );
}
