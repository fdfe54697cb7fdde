import type { PageContextServer } from 'vike/types';
import { companyProfile, listJobs } from '../../server/companies/index.ts';

export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  if (viewer?.kind !== 'recruiter' || !viewer.companyId) return { company: null };
  const [company, jobs] = await Promise.all([companyProfile(deps.db, viewer.companyId), listJobs(deps.db)]);
  return { company: company && { ...company, jobChoices: jobs.map((job) => job.label) } };
}

export type Data = Awaited<ReturnType<typeof data>>;
