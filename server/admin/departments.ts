import { z } from 'zod';
import { MESSAGES } from '../../common/messages.ts';
import { regionName } from '../../db/reference/departments.ts';
import { companyCountsByDepartment } from '../companies/index.ts';
import { type Deps, eventContext } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { upcomingMeetingCountsByDepartment } from '../meetings/index.ts';
import { isOperatorOf, requireKind } from '../permissions.ts';
import { type DepartmentRow, listDepartments, setDepartmentActive } from '../territory/index.ts';
import { recordAudit } from './audit.ts';

export interface DepartmentForAdmin {
  code: string;
  name: string;
  regionCode: string;
  region: string;
  timeZone: string;
  chamber: string | null;
  active: boolean;
  /** What closing it changes (issue 13: the consequences said before confirming). */
  validatedCompanies: number;
  pendingCompanies: number;
  upcomingMeetings: number;
}

/** The departments of the operator's area, with what closing each would touch. */
export async function departmentsForAdmin(viewer: Viewer | null, deps: Deps): Promise<DepartmentForAdmin[]> {
  const operator = requireKind(viewer, 'admin');
  const [rows, companies, meetings] = await Promise.all([
    listDepartments(deps.db),
    companyCountsByDepartment(deps.db),
    upcomingMeetingCountsByDepartment(deps.db, deps.clock.now()),
  ]);
  return rows
    .filter((department) => isOperatorOf(operator, department.code))
    .map((department) => ({
      code: department.code,
      name: department.name,
      regionCode: department.regionCode,
      region: regionName(department.regionCode) ?? department.regionCode,
      timeZone: department.timeZone,
      chamber: department.chamber,
      active: department.active,
      validatedCompanies: companies.get(department.code)?.validated ?? 0,
      pendingCompanies: companies.get(department.code)?.pending ?? 0,
      upcomingMeetings: meetings.get(department.code) ?? 0,
    }));
}

/** Which department to open or close (API.md, setDepartmentActive). */
export const departmentActiveSchema = z.object({
  code: z.string().trim().min(1, MESSAGES.required).max(3),
  active: z.boolean(),
});

/** An operator opens or closes the platform in one of their departments; the log says who. */
export async function setDepartmentActiveFor(
  viewer: Viewer | null,
  input: { code: string; active: boolean },
  deps: Deps,
): Promise<DepartmentRow> {
  const operator = requireKind(viewer, 'admin');
  if (!isOperatorOf(operator, input.code)) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const department = await setDepartmentActive(tx, eventContext(deps, now), input.code, input.active);
    if (!department) throw new AppError('NOT_FOUND');
    await recordAudit(
      tx,
      operator,
      {
        action: input.active ? 'department.opened' : 'department.closed',
        target: `${department.name} (${department.code})`,
        regionCode: department.regionCode,
      },
      now,
    );
    return department;
  });
}

/** The departments of the operator's area, by code: the choices of the back-office's filters. */
export async function departmentsOfArea(viewer: Viewer | null, deps: Deps) {
  const operator = requireKind(viewer, 'admin');
  const rows = await listDepartments(deps.db);
  return rows
    .filter((department) => isOperatorOf(operator, department.code))
    .map((department) => ({ code: department.code, name: department.name }));
}
