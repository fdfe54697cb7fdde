import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { canSeeCompany, canSeeCompanyPrivate } from '../permissions.ts';
import type { CompanyRow } from './queries.ts';
import { type CompanyContact, companyContact, companyRowById } from './rows.ts';

/**
 * A company for whoever may see it (permissions.canSeeCompany): anyone once validated, its own recruiters
 * and the operators in any state. Null otherwise: nobody is told that a company they may not see exists.
 */
export async function companyFor(viewer: Viewer | null, id: number, deps: Deps): Promise<CompanyRow | null> {
  const company = await companyRowById(deps.db, id);
  return company && canSeeCompany(viewer, company) ? company : null;
}

/** The recruiter's own company, whatever its state; null for anyone else. */
export function myCompany(viewer: Viewer | null, deps: Deps): Promise<CompanyRow | null> {
  return viewer?.kind === 'recruiter' && viewer.companyId !== null
    ? companyRowById(deps.db, viewer.companyId)
    : Promise.resolve(null);
}

/** Whom to reach at the company: its own recruiters and the operators; null for anyone else. */
export function companyContactFor(
  viewer: Viewer | null,
  company: CompanyRow,
  deps: Deps,
): Promise<CompanyContact> | null {
  return canSeeCompanyPrivate(viewer, company) ? companyContact(deps.db, company) : null;
}

/** "Contact me when I have no slot": its own recruiters and the operators; null for anyone else. */
export function contactOptInFor(viewer: Viewer | null, company: CompanyRow): boolean | null {
  return canSeeCompanyPrivate(viewer, company) ? company.contactOptIn : null;
}
