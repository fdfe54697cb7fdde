import type { PageContextServer } from 'vike/types';
import { companyProfile, listJobs } from '../../server/companies/index.ts';
import { companyVisitDocuments } from '../../server/documents/index.ts';

export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  if (viewer?.kind !== 'recruiter' || !viewer.companyId) return { company: null, visitDocuments: [] };
  const [company, jobs, visitDocuments] = await Promise.all([
    companyProfile(deps.db, viewer.companyId),
    listJobs(deps.db),
    companyVisitDocuments(deps.db, viewer.companyId),
  ]);
  return { company: company && { ...company, jobChoices: jobs.map((job) => job.label) }, visitDocuments };
}

export type Data = Awaited<ReturnType<typeof data>>;
