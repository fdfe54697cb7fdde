import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { classGroups } from '../../db/schema/classes.ts';

export type ClassGroupRow = typeof classGroups.$inferSelect;

/** A teacher's own group, or null: someone else's group is as unknown as a missing one. */
export async function findOwnGroup(
  db: DbOrTx,
  teacherId: number,
  groupId: number,
): Promise<ClassGroupRow | null> {
  const [group] = await db
    .select()
    .from(classGroups)
    .where(and(eq(classGroups.id, groupId), eq(classGroups.teacherId, teacherId)));
  return group ?? null;
}
