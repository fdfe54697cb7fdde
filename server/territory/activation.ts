import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { departments } from '../../db/schema.ts';
import { AppError } from '../errors.ts';

export type DepartmentRow = typeof departments.$inferSelect;

/** Opens or closes the platform in a department (sign-up and company login follow the flag). */
export async function setDepartmentActive(db: Db, code: string, active: boolean): Promise<DepartmentRow> {
  const [department] = await db
    .update(departments)
    .set({ active })
    .where(eq(departments.code, code))
    .returning();
  if (!department) throw new AppError('NOT_FOUND');
  return department;
}
