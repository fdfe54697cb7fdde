import { and, desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { companies, favorites } from '../../db/schema.ts';
import { AppError } from '../errors.ts';
import type { CompanyRow } from './search.ts';

/** A validated company, or NOT_FOUND: only those can be starred. */
async function validatedCompany(db: DbOrTx, companyId: number): Promise<CompanyRow> {
  const [company] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.status, 'validated')));
  if (!company) throw new AppError('NOT_FOUND');
  return company;
}

/** Stars a company for a teacher; starring twice is the same as once. */
export async function addFavorite(db: Db, teacherId: number, companyId: number): Promise<CompanyRow> {
  const company = await validatedCompany(db, companyId);
  await db.insert(favorites).values({ teacherId, companyId }).onConflictDoNothing();
  return company;
}

/** Unstars it; unstarring a company that was not starred changes nothing. */
export async function removeFavorite(db: Db, teacherId: number, companyId: number): Promise<CompanyRow> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError('NOT_FOUND');
  await db
    .delete(favorites)
    .where(and(eq(favorites.teacherId, teacherId), eq(favorites.companyId, companyId)));
  return company;
}

/** The teacher's starred companies still on the platform, the latest starred first. */
export async function favoriteCompanies(db: DbOrTx, teacherId: number): Promise<CompanyRow[]> {
  const rows = await db
    .select({ company: companies })
    .from(favorites)
    .innerJoin(companies, eq(companies.id, favorites.companyId))
    .where(and(eq(favorites.teacherId, teacherId), eq(companies.status, 'validated')))
    .orderBy(desc(favorites.createdAt), desc(favorites.companyId));
  return rows.map((row) => row.company);
}
