import type { CompanyForReview } from '../../common/admin.ts';
import { SECTOR_LABELS } from '../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { REGIONS } from '../../db/reference/departments.ts';
import {
  type CompanyRow,
  companyContact,
  listPendingCompanies,
  listRecentlyValidatedCompanies,
} from '../companies/index.ts';
import type { Deps } from '../http/context.ts';
import { requireKind, type Viewer } from '../permissions.ts';
import { listDepartments } from '../territory/index.ts';

export type { CompanyForReview };

export interface DepartmentForAdmin {
  code: string;
  name: string;
  region: string;
  timeZone: string;
  chamber: string | null;
  active: boolean;
}

/** The validated companies listed for archiving: the latest ones, the usual case being a quick correction. */
export const RECENTLY_VALIDATED_LIMIT = 20;

const DATE = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });

/** The back-office's home: the companies to validate, and the latest validated (to archive). */
export async function adminHome(viewer: Viewer | null, deps: Deps) {
  requireKind(viewer, 'admin');
  const { db } = deps;
  const [pending, validated, departments] = await Promise.all([
    listPendingCompanies(db),
    listRecentlyValidatedCompanies(db, RECENTLY_VALIDATED_LIMIT),
    listDepartments(db),
  ]);
  const names = new Map(departments.map((d) => [d.code, d.name]));
  const review = (company: CompanyRow) => forReview(db, company, names);
  return {
    pending: await Promise.all(pending.map(review)),
    validated: await Promise.all(validated.map(review)),
  };
}

export async function departmentsForAdmin(viewer: Viewer | null, deps: Deps): Promise<DepartmentForAdmin[]> {
  requireKind(viewer, 'admin');
  const rows = await listDepartments(deps.db);
  return rows.map((d) => ({
    code: d.code,
    name: d.name,
    region: REGIONS[d.regionCode] ?? d.regionCode,
    timeZone: d.timeZone,
    chamber: d.chamber,
    active: d.active,
  }));
}

async function forReview(db: DbOrTx, company: CompanyRow, departmentNames: Map<string, string>) {
  const contact = await companyContact(db, company);
  const code = company.departmentCode ?? '';
  const review: CompanyForReview = {
    id: String(company.id),
    name: company.name,
    siret: company.siret,
    nafCode: company.nafCode,
    sector: SECTOR_LABELS[company.sector] ?? company.sector,
    department: departmentNames.has(code) ? `${departmentNames.get(code)} (${code})` : code,
    address: company.label ?? [company.zipcode, company.city].filter(Boolean).join(' '),
    contactName: contact.name,
    contactEmail: contact.email,
    registeredAt: company.createdAt.toISOString(),
    registeredOn: DATE.format(company.createdAt),
    validatedOn: company.validatedAt ? DATE.format(company.validatedAt) : null,
  };
  return review;
}
