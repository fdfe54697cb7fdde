import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { companyProfileBlocks } from '../../common/companies.ts';
import { MESSAGES } from '../../common/messages.ts';
import { departmentOfZipcode } from '../../common/territory.ts';
import { companies } from '../../db/schema/companies.ts';
import { jobIdsOf, jobLabelsOfCompany, listJobs, setCompanyJobs } from '../jobs/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireRecruiter } from '../permissions.ts';
import { isDepartmentActive } from '../territory/index.ts';
import type { CompanyRow } from './queries.ts';
import { companyContact, companyRowById } from './rows.ts';

type Block<K extends keyof typeof companyProfileBlocks> = z.infer<(typeof companyProfileBlocks)[K]>;

/** Each block is saved by the company's own recruiters, on their own company only. */
async function updateMyCompany(
  viewer: Viewer | null,
  deps: Deps,
  values: Partial<typeof companies.$inferInsert>,
): Promise<CompanyRow> {
  const { companyId } = requireRecruiter(viewer);
  const [company] = await deps.db
    .update(companies)
    .set(values)
    .where(eq(companies.id, companyId))
    .returning();
  if (!company) throw new AppError('NOT_FOUND');
  return company;
}

export function updateCompanyDescription(viewer: Viewer | null, input: Block<'description'>, deps: Deps) {
  return updateMyCompany(viewer, deps, {
    description: input.description || null,
    website: input.website ?? null,
  });
}

/** A company moving out of the platform's open departments would drop off every teacher's map. */
export async function updateCompanyAddress(viewer: Viewer | null, input: Block<'address'>, deps: Deps) {
  requireRecruiter(viewer);
  const { address } = input;
  const departmentCode = departmentOfZipcode(address.zipcode);
  if (!(await isDepartmentActive(deps.db, departmentCode))) {
    throw new AppError('wrong_department', { extensions: { departmentCode } });
  }
  return updateMyCompany(viewer, deps, { ...address, departmentCode });
}

export function updateCompanyContact(viewer: Viewer | null, input: Block<'contact'>, deps: Deps) {
  const { phone, ...contact } = input;
  return updateMyCompany(viewer, deps, phone === undefined ? contact : { ...contact, phone });
}

export function updateCompanySize(viewer: Viewer | null, input: Block<'size'>, deps: Deps) {
  return updateMyCompany(viewer, deps, {
    employeesCount: input.employeesCount ?? null,
    acceptsInterns: input.acceptsInterns,
  });
}

/** Jobs from the platform's list only; the company's rows are replaced as a whole. */
export async function updateCompanyJobs(viewer: Viewer | null, input: Block<'jobs'>, deps: Deps) {
  const { companyId } = requireRecruiter(viewer);
  const { db } = deps;
  const jobIds = await jobIdsOf(db, input.jobs);
  if (!jobIds) throw invalidInput({ jobs: MESSAGES.jobsFromList });
  await db.transaction((tx) => setCompanyJobs(tx, companyId, jobIds));
  const company = await companyRowById(db, companyId);
  if (!company) throw new AppError('NOT_FOUND');
  return company;
}

export function updateCompanyContactOptIn(viewer: Viewer | null, input: Block<'contactOptIn'>, deps: Deps) {
  return updateMyCompany(viewer, deps, { contactOptIn: input.contactOptIn });
}

/**
 * What a company's profile still lacks for teachers to know it (issue 21, first steps): the blocks the
 * sign-up does not fill — a description (« Présentation ») and its size (« Taille et stagiaires »). The
 * address and the contact come from the sign-up, the website and the contact opt-in are optional; the
 * picture, the jobs and the documents are first steps of their own.
 */
export function profileGaps(company: CompanyRow): ('description' | 'size')[] {
  const gaps: ('description' | 'size')[] = [];
  if (!company.description?.trim()) gaps.push('description');
  if (company.employeesCount == null) gaps.push('size');
  return gaps;
}

/**
 * The recruiter's company profile as /my-company shows it, blocks pre-filled (the contact is the one
 * teachers see), with the platform's jobs to choose from.
 */
export async function myCompanyProfile(viewer: Viewer | null, deps: Deps) {
  const { companyId } = requireRecruiter(viewer);
  const { db } = deps;
  const company = await companyRowById(db, companyId);
  if (!company) return null;
  const [contact, jobLabels, jobChoices] = await Promise.all([
    companyContact(db, company),
    jobLabelsOfCompany(db, company.id),
    listJobs(db),
  ]);
  const hasAddress = company.label && company.zipcode && company.lat != null && company.lng != null;
  return {
    identity: {
      name: company.name,
      siret: company.siret,
      nafCode: company.nafCode,
      sector: company.sector,
      status: company.status,
    },
    description: company.description ?? '',
    website: company.website ?? '',
    address: hasAddress
      ? {
          label: company.label ?? '',
          zipcode: company.zipcode ?? '',
          city: company.city ?? '',
          lat: company.lat ?? 0,
          lng: company.lng ?? 0,
        }
      : null,
    phone: company.phone ?? '',
    contactName: contact.name ?? '',
    contactEmail: contact.email ?? '',
    contactPhone: contact.phone ?? '',
    employeesCount: company.employeesCount == null ? '' : String(company.employeesCount),
    acceptsInterns: company.acceptsInterns,
    jobs: jobLabels,
    contactOptIn: company.contactOptIn,
    jobChoices: jobChoices.map((job) => job.label),
  };
}
