import type { PageContextServer } from 'vike/types';
import { myCompany, myCompanyProfile } from '../../server/companies/index.ts';
import { companyVisitDocuments } from '../../server/documents/index.ts';
import { feedbackResultsFor } from '../../server/feedback/index.ts';

export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const [company, own] = await Promise.all([myCompanyProfile(viewer, deps), myCompany(viewer, deps)]);
  const [visitDocuments, feedback] = own
    ? await Promise.all([companyVisitDocuments(viewer, own, deps), feedbackResultsFor(viewer, {}, deps)])
    : [[], null];
  return { company, visitDocuments, feedback };
}

export type Data = Awaited<ReturnType<typeof data>>;
