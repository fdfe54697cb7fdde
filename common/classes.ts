/**
 * A school year runs from 1 September to 31 August and is named by its two calendar years, "2026-2027"
 * (../shared/PRODUCT.md, « Taking a class out »). Days are civil dates, "YYYY-MM-DD", in the zone where
 * they are read.
 */
export const SCHOOL_YEAR_PATTERN = /^(\d{4})-(\d{4})$/;

/** The school year a civil day belongs to. */
export function schoolYearOf(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  const first = month >= 9 ? year : year - 1;
  return `${first}-${first + 1}`;
}

/** Whether a string names a school year: two consecutive years. */
export function isSchoolYear(value: string): boolean {
  const match = SCHOOL_YEAR_PATTERN.exec(value);
  return match !== null && Number(match[2]) === Number(match[1]) + 1;
}

/** The first and last civil days of a school year. */
export function schoolYearDays(schoolYear: string): { first: string; last: string } {
  const start = Number(schoolYear.slice(0, 4));
  return { first: `${start}-09-01`, last: `${start + 1}-08-31` };
}
