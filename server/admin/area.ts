import type { Viewer } from '../kernel/viewer.ts';
import { isOperatorOf } from '../permissions.ts';
import { departmentCodesOfRegion } from '../territory/index.ts';

/**
 * The departments an operator's list covers: the one asked when it is in their area (none when it is
 * not), else their region's, else (a national administrator) all of France (`undefined`).
 */
export function areaDepartments(operator: Viewer, departmentCode?: string | null): string[] | undefined {
  if (departmentCode) return isOperatorOf(operator, departmentCode) ? [departmentCode] : [];
  return operator.regionCode === null ? undefined : departmentCodesOfRegion(operator.regionCode);
}
