import { and, desc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { favorites } from '../../db/schema/search.ts';
import { type CompanyRow, companyRowById, companyRowsByIds } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { canTeacherReach, requireKind } from '../permissions.ts';

/** The input of `addFavorite` and `removeFavorite`, from the API or a plain form. */
export const companyIdSchema = z.object({ companyId: z.coerce.number().int().positive() });

/** A company the teacher may star or unstar: one on the platform; NOT_FOUND for any other, alike. */
async function reachableCompany(viewer: Viewer, companyId: number, deps: Deps): Promise<CompanyRow> {
  const company = await companyRowById(deps.db, companyId);
  if (!company || !canTeacherReach(viewer, company)) throw new AppError('NOT_FOUND');
  return company;
}

/** Stars a company for a teacher; starring twice is the same as once. */
export async function addFavorite(viewer: Viewer | null, input: { companyId: number }, deps: Deps) {
  const teacher = requireKind(viewer, 'teacher');
  const company = await reachableCompany(teacher, input.companyId, deps);
  await deps.db
    .insert(favorites)
    .values({ teacherId: teacher.id, companyId: company.id, createdAt: deps.clock.now() })
    .onConflictDoNothing();
  return company;
}

/** Unstars it; unstarring a company that was not starred changes nothing. */
export async function removeFavorite(viewer: Viewer | null, input: { companyId: number }, deps: Deps) {
  const teacher = requireKind(viewer, 'teacher');
  const company = await reachableCompany(teacher, input.companyId, deps);
  await deps.db
    .delete(favorites)
    .where(and(eq(favorites.teacherId, teacher.id), eq(favorites.companyId, company.id)));
  return company;
}

/** The ids of the companies a teacher starred, the latest starred first. */
export async function starredCompanyIds(db: DbOrTx, teacherId: number): Promise<number[]> {
  // Read by every home and search page of a teacher: built once (db/prepared.ts).
  const query = preparedOn(db, 'starredCompanyIds', (db) =>
    db
      .select({ companyId: favorites.companyId })
      .from(favorites)
      .where(eq(favorites.teacherId, sql.placeholder('teacherId')))
      .orderBy(desc(favorites.createdAt), desc(favorites.companyId))
      .prepare(),
  );
  const rows = await query.all({ teacherId });
  return rows.map((row) => row.companyId);
}

/** The teacher's starred companies still on the platform, the latest starred first. */
export async function myFavorites(viewer: Viewer | null, deps: Deps): Promise<CompanyRow[]> {
  const teacher = requireKind(viewer, 'teacher');
  const ids = await starredCompanyIds(deps.db, teacher.id);
  const byId = new Map((await companyRowsByIds(deps.db, ids)).map((company) => [company.id, company]));
  return ids.flatMap((id) => {
    const company = byId.get(id);
    return company && canTeacherReach(teacher, company) ? [company] : [];
  });
}

/** An anonymised teacher's stars go with their account. */
export async function forgetFavoritesOf(tx: DbOrTx, teacherId: number): Promise<void> {
  await tx.delete(favorites).where(eq(favorites.teacherId, teacherId));
}

/** The companies a teacher starred; none for anyone else. */
export async function myStarredCompanyIds(viewer: Viewer | null, deps: Pick<Deps, 'db'>): Promise<number[]> {
  return viewer?.kind === 'teacher' ? starredCompanyIds(deps.db, viewer.id) : [];
}
