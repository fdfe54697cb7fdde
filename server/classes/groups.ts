import { and, eq, inArray } from 'drizzle-orm';
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

/** Groups' names by id, in one query (a meeting's documents print its group's); unknown ids are left out. */
export async function groupNamesByIds(db: DbOrTx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: classGroups.id, name: classGroups.name })
    .from(classGroups)
    .where(inArray(classGroups.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
