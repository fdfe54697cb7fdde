import { spawnSync } from 'node:child_process';

/**
 * `npm run test:days`: the browser suite played on days that have broken tests before (issue 39,
 * docs/decisions/0077), one run a day with TEST_NOW, then a table of the runs. Build first (`npm run
 * build`); extra arguments go to vitest (a file to play alone, `--project video` inside `unshare`…), and
 * `npm run test:days -- --days=2027-05-14T10:00:00+02:00,…` plays other days.
 */
export const AWKWARD_DAYS: readonly { now: string; why: string }[] = [
  { now: '2027-01-31T10:00:00+01:00', why: 'un dimanche, dernier jour du mois' },
  { now: '2026-12-18T16:30:00+01:00', why: 'dernier jour de classe avant les vacances de Noël' },
  { now: '2026-12-24T10:00:00+01:00', why: 'pendant les vacances de Noël, veille de jour férié' },
  { now: '2027-10-30T10:00:00+02:00', why: 'samedi avant le passage à l’heure d’hiver' },
  { now: '2026-12-31T22:00:00+01:00', why: '31 décembre au soir' },
  { now: '2028-02-28T10:00:00+01:00', why: '28 février d’une année bissextile' },
  { now: '2027-06-30T10:00:00+02:00', why: 'fin juin : une visite dans une semaine tombe après l’été' },
  { now: '2027-08-27T10:00:00+02:00', why: 'fin août, avant la rentrée : l’année scolaire change' },
];

const daysArgument = process.argv.find((arg) => arg.startsWith('--days='));
const days = daysArgument
  ? daysArgument
      .slice('--days='.length)
      .split(',')
      .map((now) => ({ now, why: '' }))
  : AWKWARD_DAYS;
const vitestArgs = process.argv.slice(2).filter((arg) => arg !== daysArgument);
const projectArgs = vitestArgs.some((arg) => arg.startsWith('--project')) ? [] : ['--project', 'e2e'];

/** Each run measures its own offset from its TEST_NOW (vitest.config.ts). */
function withoutOffset(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { TEST_CLOCK_OFFSET_MS: _, ...rest } = env;
  return rest;
}

const results: { now: string; why: string; status: number | null; seconds: number }[] = [];
for (const day of days) {
  console.log(`\n=== TEST_NOW=${day.now} ${day.why}`);
  const started = performance.now();
  const run = spawnSync('npx', ['vitest', 'run', ...projectArgs, ...vitestArgs], {
    stdio: 'inherit',
    env: withoutOffset({ ...process.env, TEST_NOW: day.now }),
  });
  results.push({ ...day, status: run.status, seconds: Math.round((performance.now() - started) / 1000) });
}
console.log('\n| TEST_NOW | jour | résultat | durée |\n| --- | --- | --- | --- |');
for (const r of results) {
  console.log(
    `| ${r.now} | ${r.why} | ${r.status === 0 ? 'vert' : `rouge (${r.status})`} | ${r.seconds} s |`,
  );
}
process.exitCode = results.every((r) => r.status === 0) ? 0 : 1;
