import type { PageContextServer } from 'vike/types';
import { myCompany, myCompanyProfile } from '../../server/companies/index.ts';
import { companyVisitDocuments } from '../../server/documents/index.ts';

export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const [company, own] = await Promise.all([myCompanyProfile(viewer, deps), myCompany(viewer, deps)]);
  const visitDocuments = own ? await companyVisitDocuments(viewer, own, deps) : [];
  return { company, visitDocuments };
}

export type Data = Awaited<ReturnType<typeof data>>;
