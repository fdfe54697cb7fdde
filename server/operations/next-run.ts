/**
 * When a five-field cron (UTC, as server/main/scheduled.ts writes them: numbers, `*`, lists, ranges, steps,
 * days of the week by name) next fires after `after`. The operators' page reads it; croner, which the Node
 * scheduler runs on, would weigh 10 KiB gzipped in the Worker for this one question (issue 22's budget), and
 * a test checks both agree on every job.
 */
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MINUTE = 60_000;
/** A cron of ours fires at least once a week: a little more than that is searched. */
const HORIZON_MINUTES = 8 * 24 * 60;

function matcher(field: string, min: number, max: number, names: string[] = []): (value: number) => boolean {
  const allowed = new Set<number>();
  const numberOf = (text: string) => {
    const named = names.indexOf(text.toUpperCase());
    return named >= 0 ? named : Number(text);
  };
  for (const part of field.split(',')) {
    const [range = '*', stepText] = part.split('/');
    const step = stepText ? Number(stepText) : 1;
    const [from, to] =
      range === '*'
        ? [min, max]
        : range.includes('-')
          ? (range.split('-').map(numberOf) as [number, number])
          : [numberOf(range), stepText ? max : numberOf(range)];
    if (![from, to, step].every(Number.isInteger) || step < 1)
      throw new Error(`cron field not understood: ${field}`);
    for (let value = from; value <= to; value += step) allowed.add(value);
  }
  return (value) => allowed.has(value);
}

export function nextRunOf(cron: string, after: Date): Date | null {
  const [minute, hour, dayOfMonth, month, dayOfWeek] = cron.trim().split(/\s+/);
  if (!minute || !hour || !dayOfMonth || !month || !dayOfWeek)
    throw new Error(`not a five-field cron: ${cron}`);
  const fits = {
    minute: matcher(minute, 0, 59),
    hour: matcher(hour, 0, 23),
    dayOfMonth: matcher(dayOfMonth, 1, 31),
    month: matcher(month, 1, 12),
    dayOfWeek: matcher(dayOfWeek, 0, 6, DAY_NAMES),
  };
  const start = Math.floor(after.getTime() / MINUTE + 1) * MINUTE;
  for (let i = 0; i < HORIZON_MINUTES; i++) {
    const at = new Date(start + i * MINUTE);
    if (
      fits.minute(at.getUTCMinutes()) &&
      fits.hour(at.getUTCHours()) &&
      fits.dayOfMonth(at.getUTCDate()) &&
      fits.month(at.getUTCMonth() + 1) &&
      fits.dayOfWeek(at.getUTCDay())
    ) {
      return at;
    }
  }
  return null;
}
