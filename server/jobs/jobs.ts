import { eq, inArray } from 'drizzle-orm';
import { compareFrench } from '../../common/text.ts';
import type { DbOrTx } from '../../db/client.ts';
import { companyJobs, jobs } from '../../db/schema/jobs.ts';
import type { Deps } from '../kernel/context.ts';

/** The platform's list of jobs (métiers), in French order of their labels: what companies offer and teachers follow. */
export async function listJobs(db: DbOrTx) {
  const rows = await db.select({ id: jobs.id, label: jobs.label, sector: jobs.sector }).from(jobs);
  return rows.sort((a, b) => compareFrench(a.label, b.label));
}

/** The ids of these labels, when every one is on the list; null when one is not. */
export async function jobIdsOf(db: DbOrTx, labels: string[]): Promise<number[] | null> {
  const unique = [...new Set(labels)];
  if (unique.length === 0) return [];
  const known = await db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.label, unique));
  return known.length === unique.length ? known.map((job) => job.id) : null;
}

export async function jobLabelsOfCompany(db: DbOrTx, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ label: jobs.label })
    .from(companyJobs)
    .innerJoin(jobs, eq(jobs.id, companyJobs.jobId))
    .where(eq(companyJobs.companyId, companyId));
  return rows.map((r) => r.label).sort(compareFrench);
}

/**
 * The job labels of company row `c`, as a JSON array, for a caller's query (the suggestions rank companies
 * near a teacher by them in the same statement: one round trip on Workers).
 */
export const jobLabelsOf = (c: string) =>
  `(SELECT json_group_array(j.label) FROM company_jobs cj JOIN jobs j ON j.id = cj.job_id WHERE cj.company_id = ${c}.id)`;

/** Each company's jobs (labels), in one query. */
export async function jobLabelsOfCompanies(db: DbOrTx, companyIds: number[]): Promise<Map<number, string[]>> {
  const byCompany = new Map<number, string[]>();
  if (companyIds.length === 0) return byCompany;
  const rows = await db
    .select({ companyId: companyJobs.companyId, label: jobs.label })
    .from(companyJobs)
    .innerJoin(jobs, eq(jobs.id, companyJobs.jobId))
    .where(inArray(companyJobs.companyId, companyIds));
  for (const { companyId, label } of rows)
    byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), label]);
  for (const labels of byCompany.values()) labels.sort(compareFrench);
  return byCompany;
}

/** Replaces a company's jobs as a whole. */
export async function setCompanyJobs(tx: DbOrTx, companyId: number, jobIds: number[]): Promise<void> {
  await tx.delete(companyJobs).where(eq(companyJobs.companyId, companyId));
  if (jobIds.length > 0) await tx.insert(companyJobs).values(jobIds.map((jobId) => ({ companyId, jobId })));
}

/** The list of jobs, in French order (`jobs`). */
export function allJobs(deps: Pick<Deps, 'db'>) {
  return listJobs(deps.db);
}

/** The jobs a company presents (Company.jobs). */
export function jobsOfCompany(companyId: number, deps: Pick<Deps, 'db'>): Promise<string[]> {
  return jobLabelsOfCompany(deps.db, companyId);
}
