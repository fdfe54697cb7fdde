import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { findDepartment } from '../../db/reference/departments.ts';
import { departments } from '../../db/schema/territory.ts';
import { AppError } from '../errors.ts';
import type { Deps } from '../http/context.ts';
import { requireKind, type Viewer } from '../permissions.ts';

export type DepartmentRow = typeof departments.$inferSelect;

/** Every department, open or not, by code: public (sign-up forms, search). */
export function listDepartments(db: DbOrTx): Promise<DepartmentRow[]> {
  return db.select().from(departments).orderBy(asc(departments.code));
}

/** The first of `codes` where the platform is not open (unknown codes count as closed), if any. */
export async function closedDepartmentAmong(db: DbOrTx, codes: string[]): Promise<string | undefined> {
  const unique = [...new Set(codes)];
  const open = await db
    .select({ code: departments.code })
    .from(departments)
    .where(and(inArray(departments.code, unique), eq(departments.active, true)));
  const openCodes = new Set(open.map((row) => row.code));
  return unique.find((code) => !openCodes.has(code));
}

export async function isDepartmentActive(db: DbOrTx, code: string | null): Promise<boolean> {
  return code !== null && (await closedDepartmentAmong(db, [code])) === undefined;
}

/** The IANA zone of a department (PRODUCT.md, Time); mainland France when the code is unknown. */
export function timeZoneOfDepartment(code: string | null): string {
  return (code && findDepartment(code)?.timeZone) || 'Europe/Paris';
}

/** Admin: opens or closes the platform in a department (sign-up and company login follow the flag). */
export async function setDepartmentActive(
  viewer: Viewer | null,
  input: { code: string; active: boolean },
  deps: Deps,
): Promise<DepartmentRow> {
  requireKind(viewer, 'admin');
  const [department] = await deps.db
    .update(departments)
    .set({ active: input.active })
    .where(eq(departments.code, input.code))
    .returning();
  if (!department) throw new AppError('NOT_FOUND');
  return department;
}
