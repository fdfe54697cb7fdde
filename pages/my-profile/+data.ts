import type { PageContextServer } from 'vike/types';
import { teacherProfile } from '../../server/accounts/index.ts';
import { listJobs } from '../../server/companies/index.ts';

export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  if (viewer?.kind !== 'teacher') return { teacher: null };
  const [teacher, jobs] = await Promise.all([teacherProfile(deps.db, viewer.id), listJobs(deps.db)]);
  return { teacher: teacher && { ...teacher, jobChoices: jobs.map((job) => job.label) } };
}

export type Data = Awaited<ReturnType<typeof data>>;
