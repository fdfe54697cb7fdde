import type { CompanyStatus } from '../../common/constants.ts';
import { recruitersOf } from '../accounts/index.ts';
import { listCompanies } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { listMeetings } from '../meetings/index.ts';
import { slotsOfCompanyForOperators } from '../slots/index.ts';
import { historyOf } from './audit.ts';
import { companyFilterFor } from './list-filters.ts';
import { operatedCompany } from './moderation.ts';

/** How many rows the operators' company page shows of each list. */
const PAGE_LISTS = 50;

/** The companies of the operator's area: searched by name, city or SIRET, filtered, a page at a time. */
export function adminCompanies(
  viewer: Viewer | null,
  input: {
    text?: string | null | undefined;
    status?: CompanyStatus | null | undefined;
    departmentCode?: string | null | undefined;
    page: number;
    pageSize: number;
  },
  deps: Deps,
) {
  return listCompanies(deps.db, {
    ...companyFilterFor(viewer, input),
    page: input.page,
    pageSize: input.pageSize,
  });
}

/** One company of the operator's area, with its recruiters, slots, meetings and history. */
export async function adminCompany(viewer: Viewer | null, input: { id: number }, deps: Deps) {
  const company = await operatedCompany(viewer, input.id, deps);
  const [recruiters, slots, meetings, history] = await Promise.all([
    recruitersOf(deps.db, company.id),
    slotsOfCompanyForOperators(viewer, company, PAGE_LISTS, deps),
    listMeetings(deps.db, { companyId: company.id, page: 1, pageSize: PAGE_LISTS }, deps.clock.now()),
    historyOf(deps, { kind: 'company', id: company.id }),
  ]);
  return { company, recruiters, slots, meetings, history };
}
