import { and, asc, eq, gt, inArray, like, or, sql } from 'drizzle-orm';
import { inIdOrder } from '../../db/batches.ts';
import { type Db, type DbOrTx, sqlPlaceholders } from '../../db/client.ts';
import { companies } from '../../db/schema/companies.ts';
import { containsText, frenchOrder } from '../../db/text-search.ts';
import { recruitersOf } from '../accounts/index.ts';
import type { Deps } from '../kernel/context.ts';
import { COMPANY_ROW_COLUMNS, type CompanyRow, companyRowOf } from './queries.ts';

/*
 * A company as the other domains read it: its row (the companies domain's read model: what it is, where it
 * is, its state), by id, by the departments of an area, a page or a batch at a time. Reads only; what
 * changes a company goes through its use cases.
 */

export async function companyRowById(db: DbOrTx, id: number): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row ?? null;
}

/** The company registered under this SIRET (14 digits), if any. */
export async function companyRowBySiret(db: DbOrTx, siret: string): Promise<CompanyRow | null> {
  const [row] = await db.select().from(companies).where(eq(companies.siret, siret)).limit(1);
  return row ?? null;
}

/** The rows of these companies, in no particular order. */
export async function companyRowsByIds(db: Db, ids: number[]): Promise<CompanyRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const { rows } = await db.client.execute({
    sql: `SELECT ${COMPANY_ROW_COLUMNS} FROM companies WHERE id IN (${sqlPlaceholders(unique)})`,
    args: unique,
  });
  return rows.map(companyRowOf);
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

/** What the operators' list of companies is narrowed to: its page and its export alike. */
export interface CompanyFilter {
  /** Part of the name or the city, or the SIRET's first digits. */
  text?: string | undefined;
  status?: CompanyRow['status'] | undefined;
  /** Only these departments (an operator's region, or the one department asked). */
  departmentCodes?: string[] | undefined;
}

export interface CompanyListFilter extends CompanyFilter {
  page: number;
  pageSize: number;
}

/** The one condition of a company filter, for the list and the export (issue 21). */
function companiesWhere(filter: CompanyFilter) {
  const text = filter.text?.trim();
  return and(
    filter.status ? eq(companies.status, filter.status) : undefined,
    filter.departmentCodes ? inArray(companies.departmentCode, filter.departmentCodes) : undefined,
    text
      ? /^\d{3,14}$/.test(text.replace(/\s/g, ''))
        ? like(companies.siret, `${text.replace(/\s/g, '')}%`)
        : or(containsText(companies.name, text), containsText(companies.city, text))
      : undefined,
  );
}

/** Companies for the operators' list: filtered, by name, one page and the total. */
export async function listCompanies(db: DbOrTx, filter: CompanyListFilter) {
  const where = companiesWhere(filter);
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(companies)
      .where(where)
      .orderBy(asc(frenchOrder(companies.name)), asc(companies.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: sql<number>`count(*)` }).from(companies).where(where),
  ]);
  return { total: Number(count?.n ?? 0), items };
}

/** How many companies each department has, by status: the consequences of closing one. */
export async function companyCountsByDepartment(db: DbOrTx) {
  const rows = await db
    .select({ departmentCode: companies.departmentCode, status: companies.status, n: sql<number>`count(*)` })
    .from(companies)
    .groupBy(companies.departmentCode, companies.status);
  const counts = new Map<string, Partial<Record<CompanyRow['status'], number>>>();
  for (const row of rows) {
    if (!row.departmentCode) continue;
    counts.set(row.departmentCode, { ...counts.get(row.departmentCode), [row.status]: Number(row.n) });
  }
  return counts;
}

/** The ids of the companies of these departments. */
export async function companyIdsIn(
  db: DbOrTx,
  departmentCodes: string[],
  status?: CompanyRow['status'],
): Promise<number[]> {
  if (departmentCodes.length === 0) return [];
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        inArray(companies.departmentCode, departmentCodes),
        status ? eq(companies.status, status) : undefined,
      ),
    );
  return rows.map((row) => row.id);
}

/** Every company the filter keeps (the list's filter: the export honours the screen's), in id order, a batch at a time. */
export function companiesInBatches(db: DbOrTx, filter: CompanyFilter = {}) {
  const where = companiesWhere(filter);
  return inIdOrder((afterId, limit) =>
    db
      .select()
      .from(companies)
      .where(and(gt(companies.id, afterId), where))
      .orderBy(asc(companies.id))
      .limit(limit),
  );
}

/** A company by its id, for a resolver (Recruiter.company, Slot.company, Meeting.company); null when gone. */
export function companyById(id: number, deps: Pick<Deps, 'db'>): Promise<CompanyRow | null> {
  return companyRowById(deps.db, id);
}
