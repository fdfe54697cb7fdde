import { frenchDateFormat } from './format.ts';
import file from './school-holidays.json' with { type: 'json' };
import { addDays, zonedWallClockToUtc } from './time.ts';

/**
 * School holidays and public holidays (issue 20; PRODUCT.md, Taking a class out; docs/decisions/0047).
 * The school calendar is data (`school-holidays.json`, imported so that it works on Workers too), copied
 * from the Ministry's dataset « Calendrier scolaire » and rewritten by `scripts/refresh-holidays.ts`; the
 * public holidays are computed. Days are calendar dates (YYYY-MM-DD) in the zone's own clock.
 */

/** The holiday zones: the three mainland zones, Corsica, and each overseas academy by its name. */
export const HOLIDAY_ZONES = [
  'A',
  'B',
  'C',
  'Corse',
  'Guadeloupe',
  'Martinique',
  'Guyane',
  'La Réunion',
  'Mayotte',
] as const;
export type HolidayZone = (typeof HOLIDAY_ZONES)[number];

/** One holiday period of one zone: from its first day to its last day, both included. */
export interface SchoolHolidayPeriod {
  zone: HolidayZone;
  /** "2025-2026" */
  schoolYear: string;
  /** As the Ministry names it: « Vacances de la Toussaint »… */
  description: string;
  /** The first day without classes (the dataset's start_date), YYYY-MM-DD. */
  start: string;
  /** The last day without classes (the day before the dataset's end_date, the day classes resume). */
  end: string;
}

export interface SchoolHolidayFile {
  /** The dataset the periods come from. */
  source: string;
  schoolYears: string[];
  /** True while the file was typed by hand rather than written by the refresh script. */
  provisional: boolean;
  /** When the refresh script last wrote it (ISO), null if never. */
  refreshedAt: string | null;
  note: string;
  periods: SchoolHolidayPeriod[];
}

export const SCHOOL_HOLIDAYS = file as SchoolHolidayFile;

/** The dataset, and its records endpoint (Opendatasoft explore API v2.1). */
export const SCHOOL_CALENDAR_DATASET_URL =
  'https://data.education.gouv.fr/explore/dataset/fr-en-calendrier-scolaire/';
export const SCHOOL_CALENDAR_API_URL =
  'https://data.education.gouv.fr/api/explore/v2.1/catalog/datasets/fr-en-calendrier-scolaire/records';

/**
 * The academies of each mainland zone, by their departments (arrêté of 2015 on the zones, the academies
 * of Caen and Rouen now Normandie): zone A Besançon, Bordeaux, Clermont-Ferrand, Dijon, Grenoble, Limoges,
 * Lyon, Poitiers; zone B Aix-Marseille, Amiens, Lille, Nancy-Metz, Nantes, Nice, Normandie, Orléans-Tours,
 * Reims, Rennes, Strasbourg; zone C Créteil, Montpellier, Paris, Toulouse, Versailles.
 */
const MAINLAND_ZONES: Record<'A' | 'B' | 'C', string> = {
  A: '01 03 07 15 16 17 19 21 23 24 25 26 33 38 39 40 42 43 47 58 63 64 69 70 71 73 74 79 86 87 89 90',
  B: '02 04 05 06 08 10 13 14 18 22 27 28 29 35 36 37 41 44 45 49 50 51 52 53 54 55 56 57 59 60 61 62 67 68 72 76 80 83 84 85 88',
  C: '09 11 12 30 31 32 34 46 48 65 66 75 77 78 81 82 91 92 93 94 95',
};

const ZONE_OF_DEPARTMENT = new Map<string, HolidayZone>([
  ...Object.entries(MAINLAND_ZONES).flatMap(([zone, codes]) =>
    codes.split(' ').map((code) => [code, zone as HolidayZone] as const),
  ),
  ['2A', 'Corse'],
  ['2B', 'Corse'],
  ['971', 'Guadeloupe'],
  ['972', 'Martinique'],
  ['973', 'Guyane'],
  ['974', 'La Réunion'],
  ['976', 'Mayotte'],
]);

/** The school-holiday zone of a department (its academy's), null for a code that is not a department. */
export function holidayZoneOf(departmentCode: string | null | undefined): HolidayZone | null {
  return departmentCode ? (ZONE_OF_DEPARTMENT.get(departmentCode) ?? null) : null;
}

/** The clock a zone's days are read in. */
export const HOLIDAY_ZONE_TIME_ZONES: Record<HolidayZone, string> = {
  A: 'Europe/Paris',
  B: 'Europe/Paris',
  C: 'Europe/Paris',
  Corse: 'Europe/Paris',
  Guadeloupe: 'America/Guadeloupe',
  Martinique: 'America/Martinique',
  Guyane: 'America/Cayenne',
  'La Réunion': 'Indian/Reunion',
  Mayotte: 'Indian/Mayotte',
};

/** « zone A », « Corse », « La Réunion »: how a sentence names a zone. */
export function holidayZoneLabel(zone: HolidayZone): string {
  return zone.length === 1 ? `zone ${zone}` : zone;
}

/** The school holiday periods of a zone that hold a day (YYYY-MM-DD). */
export function schoolHolidaysOn(zone: HolidayZone | null, date: string): SchoolHolidayPeriod[] {
  if (!zone) return [];
  return SCHOOL_HOLIDAYS.periods.filter((p) => p.zone === zone && p.start <= date && date <= p.end);
}

/** The school holiday periods of a zone that meet the days [from, to] (YYYY-MM-DD, both included). */
export function schoolHolidaysBetween(zone: HolidayZone, from: string, to: string): SchoolHolidayPeriod[] {
  return SCHOOL_HOLIDAYS.periods.filter((p) => p.zone === zone && p.start <= to && from <= p.end);
}

/** Each zone's periods as instants, computed once (the zone conversions cost about a millisecond a zone). */
const instantsByZone = new Map<HolidayZone, readonly (readonly [number, number])[]>();

/**
 * A zone's school holidays still to come after an instant, as UTC instant ranges [from, to): from the
 * first day's midnight to the midnight after the last day, in the zone's clock.
 */
export function schoolHolidayInstants(zone: HolidayZone, after: Date): (readonly [number, number])[] {
  let all = instantsByZone.get(zone);
  if (!all) {
    const timeZone = HOLIDAY_ZONE_TIME_ZONES[zone];
    all = SCHOOL_HOLIDAYS.periods
      .filter((period) => period.zone === zone)
      .map(
        (period) =>
          [
            zonedWallClockToUtc(period.start, '00:00', timeZone).getTime(),
            zonedWallClockToUtc(addDays(period.end, 1), '00:00', timeZone).getTime(),
          ] as const,
      );
    instantsByZone.set(zone, all);
  }
  return all.filter(([, to]) => to > after.getTime());
}

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, « Meeus/Jones/Butcher »). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface PublicHoliday {
  /** YYYY-MM-DD */
  date: string;
  /** « Lundi de Pâques »… */
  name: string;
}

/** Alsace-Moselle keeps Good Friday and Saint Stephen's Day (local law). */
const ALSACE_MOSELLE = new Set(['57', '67', '68']);

/** Each overseas department's day of the abolition of slavery (law of 1983 and its decrees). */
const ABOLITION_DAYS: Record<string, string> = {
  '971': '05-27',
  '972': '05-22',
  '973': '06-10',
  '974': '12-20',
  '976': '04-27',
};

/**
 * The public holidays (jours fériés) of a year in a department, by date: the eleven of the Labour Code,
 * Alsace-Moselle's two more, an overseas department's abolition of slavery.
 */
export function publicHolidaysOf(year: number, departmentCode: string | null | undefined): PublicHoliday[] {
  const easter = easterSunday(year);
  const on = (monthDay: string) => `${year}-${monthDay}`;
  const days: PublicHoliday[] = [
    { date: on('01-01'), name: 'Jour de l’an' },
    { date: addDays(easter, 1), name: 'Lundi de Pâques' },
    { date: on('05-01'), name: 'Fête du Travail' },
    { date: on('05-08'), name: 'Victoire 1945' },
    { date: addDays(easter, 39), name: 'Ascension' },
    { date: addDays(easter, 50), name: 'Lundi de Pentecôte' },
    { date: on('07-14'), name: 'Fête nationale' },
    { date: on('08-15'), name: 'Assomption' },
    { date: on('11-01'), name: 'Toussaint' },
    { date: on('11-11'), name: 'Armistice 1918' },
    { date: on('12-25'), name: 'Noël' },
  ];
  if (departmentCode && ALSACE_MOSELLE.has(departmentCode)) {
    days.push({ date: addDays(easter, -2), name: 'Vendredi saint' });
    days.push({ date: on('12-26'), name: 'Saint-Étienne' });
  }
  const abolition = departmentCode ? ABOLITION_DAYS[departmentCode] : undefined;
  if (abolition) days.push({ date: on(abolition), name: 'Abolition de l’esclavage' });
  return days.sort((a, b) => a.date.localeCompare(b.date));
}

/** The public holiday on a day in a department, or null. */
export function publicHolidayOn(
  date: string,
  departmentCode: string | null | undefined,
): PublicHoliday | null {
  return publicHolidaysOf(Number(date.slice(0, 4)), departmentCode).find((day) => day.date === date) ?? null;
}

const dayFormat = frenchDateFormat({
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
/** « 13 février 2027 » (« 1er mars 2027 »). */
function formatDay(date: string): string {
  const text = dayFormat.format(new Date(`${date}T00:00:00Z`));
  return text.replace(/^1 /, '1er ');
}

/**
 * The notices of a slot's day for the company that publishes it (non-blocking): the school holidays of its
 * zone, named with the zone and their days, and a public holiday. Empty when the day is an ordinary one.
 */
export function calendarNoticesOf(date: string, departmentCode: string | null | undefined): string[] {
  const notices: string[] = [];
  const zone = holidayZoneOf(departmentCode);
  for (const period of schoolHolidaysOn(zone, date)) {
    const name = period.description.charAt(0).toLowerCase() + period.description.slice(1);
    const article = name.startsWith('vacances') ? 'les' : 'le';
    notices.push(
      `Cette date tombe pendant ${article} ${name} (${holidayZoneLabel(period.zone)}, du ${formatDay(period.start)} au ${formatDay(period.end)}) : les classes de votre secteur n’auront pas cours.`,
    );
  }
  const holiday = publicHolidayOn(date, departmentCode);
  if (holiday) notices.push(`Cette date est un jour férié (${holiday.name}).`);
  return notices;
}

/** Whether a day is off for the classes of a department: school holidays of its zone, or a public holiday. */
export function isHolidayFor(date: string, departmentCode: string | null | undefined): boolean {
  return (
    schoolHolidaysOn(holidayZoneOf(departmentCode), date).length > 0 ||
    publicHolidayOn(date, departmentCode) !== null
  );
}

/** Splits dates into those to keep and those skipped because they are holidays for the department. */
export function skipHolidays(
  dates: readonly string[],
  departmentCode: string | null | undefined,
): { kept: string[]; skipped: string[] } {
  const kept: string[] = [];
  const skipped: string[] = [];
  for (const date of dates) (isHolidayFor(date, departmentCode) ? skipped : kept).push(date);
  return { kept, skipped };
}

/** « 1 date écartée », « 3 dates écartées » (jours de vacances ou fériés). */
export function skippedDatesLabel(count: number): string {
  if (count === 0) return 'Aucune date écartée';
  return count > 1 ? `${count} dates écartées` : '1 date écartée';
}
