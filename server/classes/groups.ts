import { and, eq, inArray } from 'drizzle-orm';
import { type ClassGroupInput, currentSchoolYear, schoolYearLabel } from '../../common/classes.ts';
import { compareFrench } from '../../common/text.ts';
import type { DbOrTx } from '../../db/client.ts';
import { classGroups } from '../../db/schema/classes.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { requireKind } from '../permissions.ts';

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

/** Groups in the order a teacher looks for them: latest school year first, then by name as French sorts it. */
export function byYearThenName(a: ClassGroupRow, b: ClassGroupRow): number {
  return b.schoolYear.localeCompare(a.schoolYear) || compareFrench(a.name, b.name);
}

/** A teacher's groups, of one school year or all of them, sorted (`byYearThenName`). */
export async function groupsOfTeacher(
  db: DbOrTx,
  teacherId: number,
  schoolYear?: string,
): Promise<ClassGroupRow[]> {
  const rows = await db
    .select()
    .from(classGroups)
    .where(
      and(
        eq(classGroups.teacherId, teacherId),
        schoolYear ? eq(classGroups.schoolYear, schoolYear) : undefined,
      ),
    );
  return rows.sort(byYearThenName);
}

/** Groups by id, whoever they belong to: the caller has checked who may read them. */
export async function groupsByIds(db: DbOrTx, ids: number[]): Promise<Map<number, ClassGroupRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(classGroups).where(inArray(classGroups.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** `myGroups`: the teacher's groups, every school year. */
export async function myGroups(viewer: Viewer | null, deps: Pick<Deps, 'db'>): Promise<ClassGroupRow[]> {
  const teacher = requireKind(viewer, 'teacher');
  return groupsOfTeacher(deps.db, teacher.id);
}

/** Two groups of one teacher and one school year cannot share a name: the booking's list would not tell them apart. */
async function assertNameFree(
  db: DbOrTx,
  teacherId: number,
  input: { name: string; schoolYear: string },
  exceptId?: number,
): Promise<void> {
  const sameYear = await groupsOfTeacher(db, teacherId, input.schoolYear);
  const taken = sameYear.some(
    (group) =>
      group.id !== exceptId && group.name.localeCompare(input.name, 'fr', { sensitivity: 'base' }) === 0,
  );
  if (taken) {
    throw invalidInput({
      name: `Vous avez déjà un groupe « ${input.name} » en ${schoolYearLabel(input.schoolYear)}.`,
    });
  }
}

/** `createGroup`: a group of the teacher, of the current school year unless another is given. */
export async function createGroup(
  viewer: Viewer | null,
  input: ClassGroupInput,
  deps: Pick<Deps, 'db' | 'clock'>,
): Promise<ClassGroupRow> {
  const teacher = requireKind(viewer, 'teacher');
  const now = deps.clock.now();
  const values = {
    teacherId: teacher.id,
    name: input.name,
    level: input.level ?? null,
    schoolYear: input.schoolYear ?? currentSchoolYear(now),
    createdAt: now,
  };
  await assertNameFree(deps.db, teacher.id, values);
  const [group] = await deps.db.insert(classGroups).values(values).returning();
  if (!group) throw new Error('group not inserted');
  return group;
}

/** `updateGroup`: renames the teacher's own group, its level and school year; NOT_FOUND for another's. */
export async function updateGroup(
  viewer: Viewer | null,
  { id, input }: { id: number; input: ClassGroupInput },
  deps: Pick<Deps, 'db'>,
): Promise<ClassGroupRow> {
  const teacher = requireKind(viewer, 'teacher');
  const group = await findOwnGroup(deps.db, teacher.id, id);
  if (!group) throw new AppError('NOT_FOUND');
  const values = {
    name: input.name,
    level: input.level ?? null,
    schoolYear: input.schoolYear ?? group.schoolYear,
  };
  await assertNameFree(deps.db, teacher.id, values, id);
  const [updated] = await deps.db
    .update(classGroups)
    .set(values)
    .where(and(eq(classGroups.id, id), eq(classGroups.teacherId, teacher.id)))
    .returning();
  if (!updated) throw new AppError('NOT_FOUND');
  return updated;
}

/**
 * `deleteGroup`: the teacher's own group goes; its meetings stay, without a group (`meetings.group_id`
 * is `ON DELETE SET NULL`). NOT_FOUND for another's.
 */
export async function deleteGroup(
  viewer: Viewer | null,
  { id }: { id: number },
  deps: Pick<Deps, 'db'>,
): Promise<boolean> {
  const teacher = requireKind(viewer, 'teacher');
  const deleted = await deps.db
    .delete(classGroups)
    .where(and(eq(classGroups.id, id), eq(classGroups.teacherId, teacher.id)))
    .returning({ id: classGroups.id });
  if (deleted.length === 0) throw new AppError('NOT_FOUND');
  return true;
}

/** A group by its id (Meeting.group); null when it is gone. */
export async function groupById(id: number | null, deps: Pick<Deps, 'db'>): Promise<ClassGroupRow | null> {
  if (id === null) return null;
  return (await groupsByIds(deps.db, [id])).get(id) ?? null;
}
