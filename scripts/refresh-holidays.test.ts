import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOLIDAY_ZONE_TIME_ZONES, SCHOOL_HOLIDAYS, type SchoolHolidayFile } from '../common/holidays.ts';
import {
  type CalendarRecord,
  type CalendrierScolaireServer,
  calendarRecord,
  RECORDS_PATH,
  startCalendrierScolaireServer,
} from '../tests/fixtures/calendrier-scolaire-server.ts';
import { calendarDayOf, normaliseDescription } from './refresh-holidays.ts';

/** The dataset's zone names and a few academies of each (a record per academy). */
const ACADEMIES: Record<string, { zones: string; locations: string[] }> = {
  A: { zones: 'Zone A', locations: ['Lyon', 'Bordeaux', 'Grenoble', 'Dijon', 'Limoges'] },
  B: { zones: 'Zone B', locations: ['Lille', 'Rennes', 'Strasbourg', 'Nantes', 'Nice'] },
  C: { zones: 'Zone C', locations: ['Paris', 'Créteil', 'Versailles', 'Toulouse', 'Montpellier'] },
  Corse: { zones: 'Corse', locations: ['Corse'] },
  Guadeloupe: { zones: 'Guadeloupe', locations: ['Guadeloupe'] },
  Martinique: { zones: 'Martinique', locations: ['Martinique'] },
  Guyane: { zones: 'Guyane', locations: ['Guyane'] },
  'La Réunion': { zones: 'Réunion', locations: ['La Réunion'] },
  Mayotte: { zones: 'Mayotte', locations: ['Mayotte'] },
};

/** The dataset's capitals and straight apostrophes: « Vacances d'Hiver », « Vacances de Printemps ». */
const datasetDescription = (description: string) =>
  description.replace(
    /(d’|de )([a-zé])/g,
    // check-french-ignore: the ministry's dataset writes the straight apostrophe
    (_all, prefix: string, letter: string) => `${prefix.replace('’', "'")}${letter.toUpperCase()}`,
  );

function recordsOfTheDataset(): CalendarRecord[] {
  const records = SCHOOL_HOLIDAYS.periods.flatMap((period) => {
    const { zones, locations } = ACADEMIES[period.zone] ?? { zones: '', locations: [] };
    return locations.map((location) =>
      calendarRecord({
        ...period,
        description: datasetDescription(period.description),
        zones,
        location,
        timeZone: HOLIDAY_ZONE_TIME_ZONES[period.zone],
      }),
    );
  });
  // What the script leaves out: the teachers' own days, and a zone outside the product.
  records.push(
    calendarRecord({
      description: 'Vacances de la Toussaint',
      start: '2026-10-16',
      end: '2026-11-01',
      zones: 'Zone A',
      location: 'Lyon',
      schoolYear: '2026-2027',
      population: 'Enseignants',
    }),
    calendarRecord({
      // check-french-ignore: the ministry's dataset writes the straight apostrophe
      description: "Vacances d'Hiver",
      start: '2027-01-30',
      end: '2027-02-14',
      zones: 'Polynésie',
      location: 'Polynésie',
      schoolYear: '2026-2027',
      timeZone: 'Pacific/Tahiti',
    }),
  );
  return records;
}

/** Runs the script in its own Node, without blocking this process (the local server answers it). */
function runScript(args: string[]): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/refresh-holidays.ts', ...args], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('scripts/refresh-holidays.ts', { timeout: 60_000 }, () => {
  let server: CalendrierScolaireServer;
  let dir: string;
  beforeAll(async () => {
    server = await startCalendrierScolaireServer(recordsOfTheDataset());
    dir = mkdtempSync(join(tmpdir(), 'passerelle-holidays-'));
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the dataset’s dates and names as the file keeps them', () => {
    expect(calendarDayOf('2027-02-12T23:00:00+00:00')).toBe('2027-02-13');
    expect(calendarDayOf('2027-02-12T20:00:00+00:00')).toBe('2027-02-13'); // La Réunion's midnight
    expect(calendarDayOf('2027-02-13T04:00:00+00:00')).toBe('2027-02-13'); // Guadeloupe's
    expect(calendarDayOf('2027-02-13')).toBe('2027-02-13');
    // check-french-ignore: the ministry's dataset writes the straight apostrophe
    const [winter, ascension] = ["Vacances d'Hiver", "Pont de l'Ascension"];
    expect(normaliseDescription(winter)).toBe('Vacances d’hiver');
    expect(normaliseDescription('Vacances de Printemps')).toBe('Vacances de printemps');
    expect(normaliseDescription('Vacances de Noël')).toBe('Vacances de Noël');
    expect(normaliseDescription(ascension)).toBe('Pont de l’Ascension');
  });

  it('fetches each school year a page at a time and writes the file: by zone, pupils only, with its source', async () => {
    const out = join(dir, 'school-holidays.json');
    const run = await runScript([
      '2025-2026',
      '2026-2027',
      '--api',
      `${server.url}${RECORDS_PATH}`,
      '--out',
      out,
    ]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const written = JSON.parse(readFileSync(out, 'utf8')) as SchoolHolidayFile;
    expect(written).toMatchObject({
      source: SCHOOL_HOLIDAYS.source,
      schoolYears: ['2025-2026', '2026-2027'],
      provisional: false,
    });
    expect(written.refreshedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // The same periods as the file shipped, whatever the academies repeated, the teachers' days and Polynésie.
    expect(written.periods).toEqual(SCHOOL_HOLIDAYS.periods);
    // More than one page of 100 for a year: the script went on to the next.
    expect(server.requests.some((request) => request.includes('offset=100'))).toBe(true);
    expect(server.requests.every((request) => request.includes('limit=100'))).toBe(true);
    expect(decodeURIComponent(server.requests[0] ?? '')).toContain('where=annee_scolaire="2025-2026"');
  });

  it('refuses to write a file that would lack a zone', async () => {
    const out = join(dir, 'missing.json');
    const run = await runScript(['2027-2028', '--api', `${server.url}${RECORDS_PATH}`, '--out', out]);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('No holidays in the dataset for: A 2027-2028');
  });
});
