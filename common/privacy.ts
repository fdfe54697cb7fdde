/**
 * How long an unused account is kept (PRODUCT.md, In production; docs/decisions/0098): its owner is warned
 * after 23 months without a sign of life, and it is anonymised after 24, at least 30 days after the warning.
 */
export const RETENTION = {
  warnAfterMonths: 23,
  anonymiseAfterMonths: 24,
  noticeDays: 30,
} as const;

/** The instant `months` calendar months before `instant` (UTC), the day of the month kept where it exists. */
export function monthsBefore(instant: Date, months: number): Date {
  const date = new Date(instant);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date;
}

/** « Mes données »' file name for the day it is downloaded (YYYY-MM-DD). */
export function myDataFileName(day: string): string {
  return `mes-donnees-passerelle-industrie-${day}.json`;
}
