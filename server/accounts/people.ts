import { and, asc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { inIdOrder } from '../../db/batches.ts';
import type { DbOrTx } from '../../db/client.ts';
import { establishments, users } from '../../db/schema/accounts.ts';
import { containsText, frenchOrder } from '../../db/text-search.ts';

/** What the operators' list of people is narrowed to: its page and its export alike. */
export interface PeopleQuery {
  kind: 'teacher' | 'recruiter';
  /** Part of the name or the e-mail. */
  text?: string | undefined;
  /** Only people of these departments (an operator's region). */
  departmentCodes?: string[] | undefined;
}

export interface PeopleFilter extends PeopleQuery {
  page: number;
  pageSize: number;
}

/** The one condition of a people filter (anonymised accounts aside), for the list and the export (issue 21). */
function peopleWhere(filter: PeopleQuery) {
  const text = filter.text?.trim();
  return and(
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
}

/** Teachers or recruiters for the operators' list (anonymised accounts aside), by name, a page at a time. */
export async function listPeople(db: DbOrTx, filter: PeopleFilter) {
  const where = peopleWhere(filter);
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

/**
 * Every teacher the filter keeps (the list's filter: the export honours the screen's), with their
 * establishment, in id order, a batch at a time.
 */
export function teachersInBatches(db: DbOrTx, filter: Omit<PeopleQuery, 'kind'> = {}) {
  const where = peopleWhere({ ...filter, kind: 'teacher' });
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
      .where(and(gt(users.id, afterId), where))
      .orderBy(asc(users.id))
      .limit(limit),
  );
}
