import type { PageContextServer } from 'vike/types';
import { DECISION_NOTICES } from '../../../../common/admin.ts';
import { DECIDED_PARAM } from '../../../../islands/admin/CompanyDecisions.tsx';
import { adminCompany, departmentsOfArea } from '../../../../server/admin/index.ts';
import { adminPost } from '../../admin-post.ts';
import { companyDecisions } from '../../company-decisions.ts';
import { idOf, pageOf } from '../../page-input.ts';

/**
 * A company of the operator's area: who it is, its recruiters, slots, meetings and history. Its decisions
 * are plain posts first (issue 36): each asks its dialog's question as a step, then the page says what was
 * decided (`?decision=`), as the island does once it has decided through the API.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps, routeParams, urlParsed } = pageContext;
  const id = idOf(routeParams.id) ?? 0;
  const decidedAt = (decision: string) => `${urlParsed.pathname}?${DECIDED_PARAM}=${decision}`;
  const plain = await adminPost(
    pageContext,
    companyDecisions(pageContext, {
      companyId: () => id,
      asks: ['ValidateCompany', 'RefuseCompany', 'ArchiveCompany', 'RestoreCompany'],
      done: decidedAt,
      gone: () => decidedAt('gone'),
    }),
  );
  const decided = urlParsed.search[DECIDED_PARAM];
  return pageOf(async () => {
    const [details, departments] = await Promise.all([
      adminCompany(viewer, { id }, deps),
      departmentsOfArea(viewer, deps),
    ]);
    const department = departments.find((d) => d.code === details.company.departmentCode);
    return {
      ...details,
      departmentName: department ? `${department.name} (${department.code})` : null,
      notice: decided && Object.hasOwn(DECISION_NOTICES, decided) ? DECISION_NOTICES[decided] : null,
      now: deps.clock.now(),
      plain,
    };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
