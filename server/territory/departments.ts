import { and, asc, eq, inArray } from 'drizzle-orm';
import { POSTCODE_AREAS } from '../../common/postcode-areas.ts';
import type { DbOrTx } from '../../db/client.ts';
import { findDepartment } from '../../db/reference/departments.ts';
import { departments } from '../../db/schema/territory.ts';
import type { Deps } from '../kernel/context.ts';
import type { EventContext } from '../kernel/events.ts';

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

/** Opens or closes the platform in a department (sign-up and company login follow the flag). */
/** Opens or closes a department, published (`department.toggled`: its companies' slots follow). */
export async function setDepartmentActive(
  tx: DbOrTx,
  context: EventContext,
  code: string,
  active: boolean,
): Promise<DepartmentRow | null> {
  const [department] = await tx
    .update(departments)
    .set({ active })
    .where(eq(departments.code, code))
    .returning();
  if (!department) return null;
  await context.events.publish(tx, 'department.toggled', { code, active }, context.now);
  return department;
}

/**
 * The department a point is most likely in: among those whose area (common/postcode-areas.ts, the
 * communes' box widened by 20 km) holds it, the one whose centre is nearest. Good enough to count
 * searches by department; null out at sea.
 */
export function departmentOfPoint(point: { lat: number; lng: number }): string | null {
  let best: { code: string; distance: number } | null = null;
  for (const [code, [minLat, maxLat, minLng, maxLng]] of Object.entries(POSTCODE_AREAS)) {
    if (point.lat < minLat || point.lat > maxLat || point.lng < minLng || point.lng > maxLng) continue;
    const distance = ((minLat + maxLat) / 2 - point.lat) ** 2 + ((minLng + maxLng) / 2 - point.lng) ** 2;
    if (!best || distance < best.distance) best = { code, distance };
  }
  return best?.code ?? null;
}

/** Every department, by code (`departments`). */
export function allDepartments(deps: Pick<Deps, 'db'>): Promise<DepartmentRow[]> {
  return listDepartments(deps.db);
}
