/**
 * Wall-clock ↔ UTC conversion in an IANA zone, from the offsets Intl reports (PRODUCT.md, Time: instants
 * are stored in UTC, slots are typed and shown in their company's zone).
 */

const DAY_MS = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall clock of `instant` in `timeZone`, as if it were a UTC instant (milliseconds). */
function wallClockMs(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** The zone's offset from UTC at `instant`, in minutes (+60 for Paris in winter, +240 for La Réunion). */
export function zoneOffsetMinutes(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const whole = Math.floor(ms / 1000) * 1000;
  return Math.round((wallClockMs(whole, timeZone) - whole) / 60_000);
}

function parseDate(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new Error(`Invalid date "${date}", expected YYYY-MM-DD`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function parseTime(time: string): [number, number] {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new Error(`Invalid time "${time}", expected HH:MM`);
  return [Number(match[1]), Number(match[2])];
}

/**
 * The UTC instant at which the clocks of `timeZone` show `date` `time`. Like Temporal's "compatible"
 * disambiguation: a time skipped by a spring-forward change is pushed forward by the gap (02:30 → 03:30
 * in Paris), and a time repeated by a fall-back change is its first occurrence.
 */
export function zonedWallClockToUtc(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = parseDate(date);
  const [hour, minute] = parseTime(time);
  const local = Date.UTC(year, month - 1, day, hour, minute);
  const offsetBefore = zoneOffsetMinutes(local - DAY_MS, timeZone) * 60_000;
  const offsetAfter = zoneOffsetMinutes(local + DAY_MS, timeZone) * 60_000;
  const candidates = [local - offsetBefore, local - offsetAfter].filter(
    (instant) => wallClockMs(instant, timeZone) === local,
  );
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(local - offsetBefore);
}

interface WallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  time: string;
}

export function utcToZonedWallClock(instant: Date | number, timeZone: string): WallClock {
  const iso = new Date(
    wallClockMs(typeof instant === 'number' ? instant : instant.getTime(), timeZone),
  ).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** A calendar date plus `days` (negative to go back). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** How many calendar days from `from` to `to`, each read as a date in `timeZone` (0: the same day). */
export function calendarDaysBetween(from: Date | number, to: Date | number, timeZone: string): number {
  const day = (instant: Date | number) => Date.parse(utcToZonedWallClock(instant, timeZone).date);
  return Math.round((day(to) - day(from)) / 86_400_000);
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
export function dayOfWeek(date: string): number {
  const [year, month, day] = parseDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** The Monday (YYYY-MM-DD) of the week holding a calendar date. */
export function mondayOf(date: string): string {
  return addDays(date, -((dayOfWeek(date) + 6) % 7));
}
