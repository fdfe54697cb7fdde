import { z } from 'zod';
import './text.ts';
import { MAINLAND_TIME_ZONE } from './format.ts';
import { addDays, utcToZonedWallClock, zonedWallClockToUtc } from './time.ts';

/**
 * The filters of the operators' statistics (issue 13, docs/decisions/0034): a period and an area. The API
 * takes instants (`from`, `to`); the page's GET form takes the days of Europe/Paris, the last one included.
 * One rule for both: the period ends after it starts and covers ten years at most.
 */
const STATISTICS_MAX_YEARS = 10;

export const STATISTICS_MESSAGES = {
  invalidDate: 'Saisissez une date au format JJ/MM/AAAA',
  outOfRange: 'Choisissez une date entre 2000 et 2100',
  endBeforeStart: 'La fin de la période doit suivre son début',
  tooLong: `La période ne peut pas dépasser ${STATISTICS_MAX_YEARS} ans`,
  unknownDepartment: 'Ce département n’existe pas',
  outsideArea: 'Ce département n’est pas dans votre région',
} as const;

const MAX_SPAN_MS = STATISTICS_MAX_YEARS * 366 * 86_400_000;

/** What is wrong with a period, on which of its two ends; null when it is fine. */
export function periodProblem(from: Date | null | undefined, to: Date | null | undefined) {
  if (from && to && to.getTime() <= from.getTime()) {
    return { end: 'to', message: STATISTICS_MESSAGES.endBeforeStart } as const;
  }
  if (from && to && to.getTime() - from.getTime() > MAX_SPAN_MS) {
    return { end: 'from', message: STATISTICS_MESSAGES.tooLong } as const;
  }
  return null;
}

const departmentCode = z
  .string()
  .trim()
  .regex(/^(\d{2}|2[AB]|97\d)$/, STATISTICS_MESSAGES.unknownDepartment);

/** The years the statistics are asked about, the page's form and the API alike. */
const FIRST_YEAR = 2000;
const LAST_YEAR = 2100;

/** An instant of those years: the API's `from` and `to` (a date of year 275760 is a valid DateTime too). */
const instant = z
  .date()
  .refine(
    (date) => date.getUTCFullYear() >= FIRST_YEAR && date.getUTCFullYear() <= LAST_YEAR + 1,
    STATISTICS_MESSAGES.outOfRange,
  );

/** The API's arguments (`statistics(from, to, departmentCode)`). */
export const statisticsInputSchema = z
  .object({
    from: instant.nullish(),
    to: instant.nullish(),
    departmentCode: departmentCode.nullish(),
  })
  .superRefine((input, ctx) => {
    const problem = periodProblem(input.from, input.to);
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.end], message: problem.message });
  });
export type StatisticsInput = z.infer<typeof statisticsInputSchema>;

const day = z
  .string()
  .trim()
  .refine((value) => value === '' || isCalendarDay(value), STATISTICS_MESSAGES.invalidDate);

function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, dayOfMonth] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, dayOfMonth));
  return (
    year >= FIRST_YEAR &&
    year <= LAST_YEAR &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === dayOfMonth
  );
}

/** Midnight at the start of a day of Europe/Paris. */
const parisMidnight = (date: string) => zonedWallClockToUtc(date, '00:00', MAINLAND_TIME_ZONE);

/** A day of Europe/Paris, YYYY-MM-DD. */
export const parisDate = (instant: Date | number) => utcToZonedWallClock(instant, MAINLAND_TIME_ZONE).date;

/** The statistics page's query (`?du=…&au=…&departement=…`), as the form sends it; empty means "default". */
export const statisticsFormSchema = z
  .object({
    du: day.default(''),
    au: day.default(''),
    departement: z.union([z.literal(''), departmentCode]).default(''),
  })
  .transform((form) => ({
    from: form.du ? parisMidnight(form.du) : null,
    to: form.au ? parisMidnight(addDays(form.au, 1)) : null,
    departmentCode: form.departement || null,
  }))
  .superRefine((input, ctx) => {
    const problem = periodProblem(input.from, input.to);
    if (problem)
      ctx.addIssue({ code: 'custom', path: [problem.end === 'to' ? 'au' : 'du'], message: problem.message });
  });

/** The form's fields as the API names them, for an error the server finds (a department out of the area). */
export const STATISTICS_FORM_FIELDS = { from: 'du', to: 'au', departmentCode: 'departement' } as const;

/** The form's values for a period the server settled (its last day is the one before `to`). */
export function statisticsFormOf(period: { from: Date; to: Date }, departmentCode: string | null) {
  return {
    du: parisDate(period.from),
    au: parisDate(period.to.getTime() - 1),
    departement: departmentCode ?? '',
  };
}
