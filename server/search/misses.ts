import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { searchMisses } from '../../db/schema/search.ts';

const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' });

/** The day of an instant in Europe/Paris, YYYY-MM-DD. */
export const parisDay = (at: Date) => DAY_FORMAT.format(at);

/** One more search that found nothing in the next 15 days around a place of this department. */
export async function recordSearchMiss(db: DbOrTx, departmentCode: string, now: Date): Promise<void> {
  await db
    .insert(searchMisses)
    .values({ day: parisDay(now), departmentCode, count: 1 })
    .onConflictDoUpdate({
      target: [searchMisses.day, searchMisses.departmentCode],
      set: { count: sql`${searchMisses.count} + 1` },
    });
}

/**
 * The unmet demand of a period, by department, most first: the days of Europe/Paris that [from, to) touches
 * (a period ending now counts today's searches so far).
 */
export async function searchMissesByDepartment(
  db: DbOrTx,
  filter: { from: Date; to: Date; departmentCodes?: string[] | undefined },
): Promise<{ departmentCode: string; searches: number }[]> {
  if (filter.departmentCodes?.length === 0) return [];
  const rows = await db
    .select({
      departmentCode: searchMisses.departmentCode,
      searches: sql<number>`sum(${searchMisses.count})`,
    })
    .from(searchMisses)
    .where(
      and(
        gte(searchMisses.day, parisDay(filter.from)),
        lte(searchMisses.day, parisDay(new Date(filter.to.getTime() - 1))),
        filter.departmentCodes ? inArray(searchMisses.departmentCode, filter.departmentCodes) : undefined,
      ),
    )
    .groupBy(searchMisses.departmentCode);
  return rows
    .map((row) => ({ departmentCode: row.departmentCode, searches: Number(row.searches) }))
    .sort((a, b) => b.searches - a.searches);
}
