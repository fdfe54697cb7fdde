import type { CompanyForReview } from '../../common/admin.ts';
import { SECTOR_LABELS } from '../../common/constants.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type CompanyRow, companyContact } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { listDepartments } from '../territory/index.ts';
import { pendingCompanies } from './moderation.ts';

export type { CompanyForReview };

const DATE = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });

/** The back-office's queue: the companies of the operator's area awaiting validation, oldest first. */
export async function reviewQueue(viewer: Viewer | null, deps: Deps): Promise<CompanyForReview[]> {
  const pending = await pendingCompanies(viewer, deps);
  const departments = await listDepartments(deps.db);
  const names = new Map(departments.map((d) => [d.code, d.name]));
  return Promise.all(pending.map((company) => forReview(deps.db, company, names)));
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
  };
  return review;
}
