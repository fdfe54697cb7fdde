import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { companies } from './companies.ts';

export const favorites = sqliteTable(
  'favorites',
  {
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.teacherId, t.companyId] }),
    index('favorites_company_idx').on(t.companyId),
  ],
);

/**
 * Searches that found no company with a slot in the next 15 days, per day and department of the place
 * searched (issue 13: the unmet demand, by department). Counts only: nothing of who searched.
 */
export const searchMisses = sqliteTable(
  'search_misses',
  {
    /** The day, YYYY-MM-DD in Europe/Paris. */
    day: text('day').notNull(),
    departmentCode: text('department_code').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.departmentCode] })],
);
