import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { inIdOrder } from '../../db/batches.ts';
import type { DbOrTx } from '../../db/client.ts';
import { establishments, users } from '../../db/schema/accounts.ts';
import { containsText, frenchOrder } from '../../db/text-search.ts';

export interface PeopleFilter {
  kind: 'teacher' | 'recruiter';
  /** Part of the name or the e-mail. */
  text?: string | undefined;
  /** Only people of these departments (an operator's region). */
  departmentCodes?: string[] | undefined;
  page: number;
  pageSize: number;
}

/** Teachers or recruiters for the operators' list (anonymised accounts aside), by name, a page at a time. */
export async function listPeople(db: DbOrTx, filter: PeopleFilter) {
  const text = filter.text?.trim();
  const where = and(
    eq(users.kind, filter.kind),
    isNull(users.anonymizedAt),
    filter.departmentCodes ? inArray(users.departmentCode, filter.departmentCodes) : undefined,
    text
      ? or(
          containsText(users.email, text),
          containsText(sql`${users.firstName} || ' ' || ${users.lastName}`, text),
        )
      : undefined,
  );
  const [items, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(frenchOrder(users.lastName)), asc(frenchOrder(users.firstName)), asc(users.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: sql<number>`count(*)` }).from(users).where(where),
  ]);
  return { total: Number(count?.n ?? 0), items };
}

/** Every teacher of these departments (all when absent), with their establishment, in id order: exports. */
export function teachersInBatches(db: DbOrTx, departmentCodes?: string[]) {
  return inIdOrder((afterId, limit) =>
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        phone: users.phone,
        profileType: users.profileType,
        departmentCode: users.departmentCode,
        weeklyMail: users.weeklyMail,
        createdAt: users.createdAt,
        establishmentName: establishments.name,
        establishmentType: establishments.type,
      })
      .from(users)
      .leftJoin(establishments, eq(establishments.id, users.establishmentId))
      .where(
        and(
          gt(users.id, afterId),
          eq(users.kind, 'teacher'),
          isNull(users.anonymizedAt),
          departmentCodes ? inArray(users.departmentCode, departmentCodes) : undefined,
        ),
      )
      .orderBy(asc(users.id))
      .limit(limit),
  );
}
