/**
 * Rewrites common/school-holidays.json from the Ministry of Education's dataset « Calendrier scolaire »
 * (data.education.gouv.fr, `fr-en-calendrier-scolaire`), through its Opendatasoft explore API v2.1, one
 * school year at a time (docs/decisions/0047). Run it when the network allows, and at least once a year
 * when the next calendar is published:
 *
 *   node scripts/refresh-holidays.ts [2025-2026 2026-2027] [--api <records URL>] [--out <file>]
 *
 * Without years: the current school year and the next one. The records are one per academy: they are
 * merged by zone (every academy of a zone has the same days), only the pupils' days are kept (some
 * records are the teachers' own: « Enseignants »), and the zones that are not departments of the product
 * (Polynésie, Nouvelle-Calédonie, Saint-Pierre-et-Miquelon, Wallis-et-Futuna) are left out.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { schoolYearOf } from '../common/classes.ts';
import {
  HOLIDAY_ZONES,
  type HolidayZone,
  SCHOOL_CALENDAR_API_URL,
  SCHOOL_CALENDAR_DATASET_URL,
  type SchoolHolidayFile,
  type SchoolHolidayPeriod,
} from '../common/holidays.ts';
import { addDays } from '../common/time.ts';

/** A record of the dataset, as its API answers it (dates are ISO instants, midnight in the zone's clock). */
export interface CalendarRecord {
  description: string;
  population: string | null;
  start_date: string | null;
  end_date: string | null;
  location: string | null;
  zones: string | null;
  annee_scolaire: string;
}

const PAGE_SIZE = 100;

/** The dataset's zone names (its `zones` field) and ours. */
const ZONE_NAMES: Record<string, HolidayZone> = {
  'Zone A': 'A',
  'Zone B': 'B',
  'Zone C': 'C',
  Corse: 'Corse',
  Guadeloupe: 'Guadeloupe',
  Martinique: 'Martinique',
  Guyane: 'Guyane',
  Réunion: 'La Réunion',
  'La Réunion': 'La Réunion',
  Mayotte: 'Mayotte',
};

/**
 * Names kept capitalised inside a description; other words are lower-cased, and the dataset's straight
 * apostrophe becomes the one the platform writes (« Vacances d'Hiver » → « d’hiver », decision 0091).
 */
const PROPER_NOUNS = new Set(['Noël', 'Toussaint', 'Ascension', 'Pâques', 'Pentecôte']);

export function normaliseDescription(description: string): string {
  return description
    .trim()
    .replace(/\s+/g, ' ')
    .split(' ')
    .map((word, index) => {
      if (index === 0) return word;
      const [, elided = '', rest = word] = /^([dl])['’](.*)$/i.exec(word) ?? [];
      const prefix = elided ? `${elided.toLowerCase()}’` : '';
      return PROPER_NOUNS.has(rest) ? `${prefix}${rest}` : `${prefix}${rest.toLowerCase()}`;
    })
    .join(' ');
}

/**
 * The calendar date of an instant that is midnight somewhere between UTC−11 and UTC+11 (the dataset
 * writes each zone's midnight as a UTC instant): the nearest UTC midnight's date.
 */
export function calendarDayOf(instant: string): string {
  return new Date(Date.parse(instant) + 12 * 3_600_000).toISOString().slice(0, 10);
}

/** The dataset's records as the file's periods: by zone, pupils only, the last day being the day before classes resume. */
export function periodsOfRecords(records: readonly CalendarRecord[]): SchoolHolidayPeriod[] {
  const periods = new Map<string, SchoolHolidayPeriod>();
  for (const record of records) {
    const zone = record.zones ? ZONE_NAMES[record.zones.trim()] : undefined;
    if (!zone || !record.start_date || !record.end_date) continue;
    if (record.population && /enseignant/i.test(record.population)) continue;
    const start = calendarDayOf(record.start_date);
    const end = addDays(calendarDayOf(record.end_date), -1);
    if (end < start) continue;
    const period = {
      zone,
      schoolYear: record.annee_scolaire,
      description: normaliseDescription(record.description),
      start,
      end,
    };
    periods.set(`${zone}|${period.description}|${start}`, period);
  }
  const zoneOrder = (zone: HolidayZone) => HOLIDAY_ZONES.indexOf(zone);
  return [...periods.values()].sort(
    (a, b) => zoneOrder(a.zone) - zoneOrder(b.zone) || a.start.localeCompare(b.start),
  );
}

/** Every record of a school year, a page at a time. */
export async function fetchSchoolYear(
  apiUrl: string,
  schoolYear: string,
  fetchFn: typeof fetch = fetch,
): Promise<CalendarRecord[]> {
  const records: CalendarRecord[] = [];
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const url = new URL(apiUrl);
    url.searchParams.set('where', `annee_scolaire="${schoolYear}"`);
    url.searchParams.set('limit', String(PAGE_SIZE));
    url.searchParams.set('offset', String(offset));
    const response = await fetchFn(url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const page = (await response.json()) as { total_count: number; results: CalendarRecord[] };
    records.push(...page.results);
    if (page.results.length < PAGE_SIZE || records.length >= page.total_count) return records;
  }
}

/** The file for these school years, refused when a zone has no period in one of them. */
export async function buildHolidayFile(
  apiUrl: string,
  schoolYears: readonly string[],
  now: Date,
  fetchFn: typeof fetch = fetch,
): Promise<SchoolHolidayFile> {
  const records = (
    await Promise.all(schoolYears.map((schoolYear) => fetchSchoolYear(apiUrl, schoolYear, fetchFn)))
  ).flat();
  const periods = periodsOfRecords(records);
  const missing = schoolYears.flatMap((schoolYear) =>
    HOLIDAY_ZONES.filter(
      (zone) => !periods.some((period) => period.zone === zone && period.schoolYear === schoolYear),
    ).map((zone) => `${zone} ${schoolYear}`),
  );
  if (missing.length > 0) throw new Error(`No holidays in the dataset for: ${missing.join(', ')}`);
  return {
    source: SCHOOL_CALENDAR_DATASET_URL,
    schoolYears: [...schoolYears],
    provisional: false,
    refreshedAt: now.toISOString(),
    note: 'Written by scripts/refresh-holidays.ts from the dataset « Calendrier scolaire ». Days are in the zone’s own clock; end is the last day without classes.',
    periods,
  };
}

/** The file's text as Biome formats it. */
export function formatHolidayFile(file: SchoolHolidayFile): string {
  return `${JSON.stringify(file, null, 2).replace(/\[\n\s+("\d{4}-\d{4}"),\n\s+("\d{4}-\d{4}")\n\s+\]/, '[$1, $2]')}\n`;
}

/** The current school year and the next one ("2025-2026", "2026-2027"). */
export function defaultSchoolYears(now: Date): string[] {
  const current = schoolYearOf(now.toISOString().slice(0, 10));
  const first = Number(current.slice(0, 4));
  return [current, `${first + 1}-${first + 2}`];
}

async function main(args: string[]) {
  const option = (name: string) => {
    const index = args.indexOf(name);
    if (index < 0) return undefined;
    const [value] = args.splice(index, 2).slice(1);
    return value;
  };
  const apiUrl = option('--api') ?? SCHOOL_CALENDAR_API_URL;
  const out = option('--out') ?? new URL('../common/school-holidays.json', import.meta.url);
  const now = new Date();
  const schoolYears = args.length > 0 ? args : defaultSchoolYears(now);
  const file = await buildHolidayFile(apiUrl, schoolYears, now);
  writeFileSync(out, formatHolidayFile(file));
  console.log(`${file.periods.length} periods written for ${schoolYears.join(', ')}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main(process.argv.slice(2));
}
