import type { Sector } from '../../common/constants.ts';

/**
 * A teacher's criteria (PRODUCT.md, Discovery: sectors, jobs) and how a company meets them, written once for
 * the suggestions and the weekly alert: its sector is one of theirs, or one of its jobs is one of theirs
 * (labels compared case-insensitively, in French).
 */
export interface TeacherCriteria {
  sectors: ReadonlySet<Sector>;
  /** Lower-cased job labels. */
  jobs: ReadonlySet<string>;
}

/** A job label as criteria compare it: lower-cased in French. */
export const jobKey = (label: string) => label.toLocaleLowerCase('fr');

export function criteriaOf(reference: {
  sectors: readonly Sector[];
  jobs: readonly string[];
}): TeacherCriteria {
  return { sectors: new Set(reference.sectors), jobs: new Set(reference.jobs.map(jobKey)) };
}

/** Whether the company's sector is one of the teacher's. */
export const sectorMatches = (criteria: TeacherCriteria, sector: Sector) => criteria.sectors.has(sector);

/** The company's jobs that are among the teacher's, as the company labels them. */
export const matchingJobs = (criteria: TeacherCriteria, jobLabels: readonly string[]) =>
  jobLabels.filter((label) => criteria.jobs.has(jobKey(label)));

/**
 * Whether a company meets the teacher's criteria: its sector or one of its jobs is theirs. A teacher who
 * chose neither sectors nor jobs has no criteria to narrow by: every company meets them.
 */
export function meetsCriteria(
  criteria: TeacherCriteria,
  company: {
    sector: Sector;
    /** Its job labels through `jobKey`, computed once. */
    jobKeys: readonly string[];
  },
): boolean {
  if (criteria.sectors.size === 0 && criteria.jobs.size === 0) return true;
  if (sectorMatches(criteria, company.sector)) return true;
  return criteria.jobs.size > 0 && company.jobKeys.some((key) => criteria.jobs.has(key));
}
