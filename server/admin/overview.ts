import type { CompanyForReview, DirectoryFindings } from '../../common/admin.ts';
import { sameCommune, sameCompanyName } from '../../common/company-directory.ts';
import { SECTOR_LABELS } from '../../common/constants.ts';
import { frenchDateFormat } from '../../common/format.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  type CompanyRow,
  companyContact,
  type DirectoryCheck,
  directoryChecksOf,
  directoryConfigured,
} from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { waitingJoinRequestCounts } from '../teams/index.ts';
import { listDepartments } from '../territory/index.ts';
import { pendingCompanies } from './moderation.ts';

export type { CompanyForReview };

const DATE = frenchDateFormat({ dateStyle: 'long', timeZone: 'Europe/Paris' });
const DATE_TIME = frenchDateFormat({
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/**
 * What the directory said of the company, compared with what the company typed (docs/decisions/0053):
 * the name by its key (accents, case, punctuation, legal forms aside), the address by postcode and commune.
 */
export function directoryFindings(
  company: Pick<CompanyRow, 'name' | 'zipcode' | 'city'>,
  check: DirectoryCheck | undefined,
  configured: boolean,
): DirectoryFindings {
  if (!check) {
    return { answer: configured ? 'unchecked' : 'none', checkedOn: null, name: null, address: null };
  }
  const found = check.answer === 'found';
  const directoryPlace = check.addressLabel ?? [check.zipcode, check.city].filter(Boolean).join(' ');
  return {
    answer: check.answer,
    checkedOn: DATE_TIME.format(check.checkedAt),
    name:
      found && check.name
        ? { matches: sameCompanyName(company.name, check.name), directory: check.name }
        : null,
    address:
      found && directoryPlace
        ? {
            matches: sameCommune(company, { zipcode: check.zipcode, city: check.city }),
            directory: directoryPlace,
          }
        : null,
  };
}

/** The back-office's queue: the companies of the operator's area awaiting validation, oldest first. */
export async function reviewQueue(viewer: Viewer | null, deps: Deps): Promise<CompanyForReview[]> {
  const pending = await pendingCompanies(viewer, deps);
  const departments = await listDepartments(deps.db);
  const names = new Map(departments.map((d) => [d.code, d.name]));
  const ids = pending.map((company) => company.id);
  const [checks, joinRequests] = await Promise.all([
    directoryChecksOf(deps.db, ids),
    waitingJoinRequestCounts(deps.db, ids),
  ]);
  const configured = directoryConfigured(deps.companyLookup);
  return Promise.all(
    pending.map(async (company) => ({
      ...(await forReview(
        deps.db,
        company,
        names,
        directoryFindings(company, checks.get(company.id), configured),
      )),
      joinRequests: joinRequests.get(company.id) ?? 0,
    })),
  );
}

async function forReview(
  db: DbOrTx,
  company: CompanyRow,
  departmentNames: Map<string, string>,
  directory: DirectoryFindings,
) {
  const contact = await companyContact(db, company);
  const code = company.departmentCode ?? '';
  const review: Omit<CompanyForReview, 'joinRequests'> = {
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
    directory,
  };
  return review;
}
