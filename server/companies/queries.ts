import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { recruitersOf } from '../accounts/index.ts';

export type CompanyRow = typeof companies.$inferSelect;

export async function findCompanyById(db: DbOrTx, id: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}

/** The rows of these companies, in no particular order. */
export function findCompaniesByIds(db: DbOrTx, ids: number[]): Promise<CompanyRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(companies)
    .where(inArray(companies.id, [...new Set(ids)]));
}

export interface CompanyContact {
  name: string | null;
  email: string | null;
  phone: string | null;
}

/**
 * Whom to reach at a company: the contact of its profile, else (a company that has not filled it in)
 * its first recruiter.
 */
export async function companyContact(db: DbOrTx, company: CompanyRow): Promise<CompanyContact> {
  if (company.contactName || company.contactEmail) {
    return { name: company.contactName, email: company.contactEmail, phone: company.contactPhone };
  }
  const [recruiter] = await recruitersOf(db, company.id);
  if (!recruiter) return { name: null, email: null, phone: null };
  return {
    name: `${recruiter.firstName} ${recruiter.lastName}`,
    email: recruiter.email,
    phone: recruiter.phone,
  };
}
