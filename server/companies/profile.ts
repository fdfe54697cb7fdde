import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { companyProfileBlocks } from '../../common/companies.ts';
import { departmentOfZipcode } from '../../common/territory.ts';
import type { Db } from '../../db/client.ts';
import { companies, companyJobs, departments, jobs } from '../../db/schema.ts';
import { AppError, invalidInput } from '../errors.ts';
import { companyContact } from './moderation.ts';
import { type CompanyRow, findCompanyById, jobLabelsOfCompany } from './queries.ts';

type Block<K extends keyof typeof companyProfileBlocks> = z.infer<(typeof companyProfileBlocks)[K]>;

async function updateCompany(
  db: Db,
  companyId: number | null,
  values: Partial<typeof companies.$inferInsert>,
): Promise<CompanyRow> {
  if (companyId == null) throw new AppError('NOT_FOUND');
  const [company] = await db.update(companies).set(values).where(eq(companies.id, companyId)).returning();
  if (!company) throw new AppError('NOT_FOUND');
  return company;
}

export function updateCompanyDescription(db: Db, companyId: number | null, input: Block<'description'>) {
  return updateCompany(db, companyId, {
    description: input.description || null,
    website: input.website ?? null,
  });
}

/** A company moving out of the platform's open departments would drop off every teacher's map. */
export async function updateCompanyAddress(db: Db, companyId: number | null, input: Block<'address'>) {
  const { address } = input;
  const departmentCode = departmentOfZipcode(address.zipcode);
  const [department] = departmentCode
    ? await db
        .select({ active: departments.active })
        .from(departments)
        .where(eq(departments.code, departmentCode))
    : [];
  if (!department?.active) {
    throw new AppError('wrong_department', { extensions: { departmentCode } });
  }
  return updateCompany(db, companyId, { ...address, departmentCode });
}

export function updateCompanyContact(db: Db, companyId: number | null, input: Block<'contact'>) {
  return updateCompany(db, companyId, input);
}

export function updateCompanySize(db: Db, companyId: number | null, input: Block<'size'>) {
  return updateCompany(db, companyId, {
    employeesCount: input.employeesCount ?? null,
    acceptsInterns: input.acceptsInterns,
  });
}

/** Jobs from the platform's list only; the company's rows are replaced as a whole. */
export async function updateCompanyJobs(db: Db, companyId: number | null, input: Block<'jobs'>) {
  if (companyId == null) throw new AppError('NOT_FOUND');
  const labels = [...new Set(input.jobs)];
  const known = labels.length
    ? await db.select({ id: jobs.id }).from(jobs).where(inArray(jobs.label, labels))
    : [];
  if (known.length !== labels.length) throw invalidInput({ jobs: 'Choisissez des métiers de la liste' });
  await db.transaction(async (tx) => {
    await tx.delete(companyJobs).where(eq(companyJobs.companyId, companyId));
    if (known.length) {
      await tx.insert(companyJobs).values(known.map((job) => ({ companyId, jobId: job.id })));
    }
  });
  const company = await findCompanyById(db, companyId);
  if (!company) throw new AppError('NOT_FOUND');
  return company;
}

export function updateCompanyContactOptIn(db: Db, companyId: number | null, input: Block<'contactOptIn'>) {
  return updateCompany(db, companyId, { contactOptIn: input.contactOptIn });
}

/** The company's profile as its page shows it, blocks pre-filled; the contact is the one teachers see. */
export async function companyProfile(db: Db, companyId: number) {
  const company = await findCompanyById(db, companyId);
  if (!company) return null;
  const [contact, jobLabels] = await Promise.all([
    companyContact(db, company),
    jobLabelsOfCompany(db, company.id),
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
    contactName: contact.name ?? '',
    contactEmail: contact.email ?? '',
    contactPhone: contact.phone ?? '',
    employeesCount: company.employeesCount == null ? '' : String(company.employeesCount),
    acceptsInterns: company.acceptsInterns,
    jobs: jobLabels,
    contactOptIn: company.contactOptIn,
  };
}
