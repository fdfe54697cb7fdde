import type { PageContextServer } from 'vike/types';
import { DECISION_NOTICES } from '../../../../common/admin.ts';
import { DECIDED_PARAM } from '../../../../islands/admin/CompanyDecisions.tsx';
import { adminCompany, departmentsOfArea } from '../../../../server/admin/index.ts';
import { idOf, pageOf } from '../../page-input.ts';

/** A company of the operator's area: who it is, its recruiters, slots, meetings and history. */
export function data(pageContext: PageContextServer) {
  const { viewer, deps, routeParams, urlParsed } = pageContext;
  const decided = urlParsed.search[DECIDED_PARAM];
  return pageOf(async () => {
    const [details, departments] = await Promise.all([
      adminCompany(viewer, { id: idOf(routeParams.id) ?? 0 }, deps),
      departmentsOfArea(viewer, deps),
    ]);
    const department = departments.find((d) => d.code === details.company.departmentCode);
    return {
      ...details,
      departmentName: department ? `${department.name} (${department.code})` : null,
      notice: decided && Object.hasOwn(DECISION_NOTICES, decided) ? DECISION_NOTICES[decided] : null,
      now: deps.clock.now(),
    };
  });
}

export type Data = Awaited<ReturnType<typeof data>>;
