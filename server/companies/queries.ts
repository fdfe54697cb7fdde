import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyJobs, jobs } from '../../db/schema.ts';

export type CompanyRow = typeof companies.$inferSelect;

export async function findCompanyById(db: Db, id: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}

export async function jobLabelsOfCompany(db: Db, companyId: number): Promise<string[]> {
  const rows = await db
    .select({ label: jobs.label })
    .from(companyJobs)
    .innerJoin(jobs, eq(jobs.id, companyJobs.jobId))
    .where(eq(companyJobs.companyId, companyId))
    .orderBy(jobs.label);
  return rows.map((r) => r.label);
}

/** The platform's list of jobs (métiers), by label. */
export function listJobs(db: Db) {
  return db.select({ label: jobs.label, sector: jobs.sector }).from(jobs).orderBy(jobs.label);
}
