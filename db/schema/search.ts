import { index, integer, primaryKey, sqliteTable } from 'drizzle-orm/sqlite-core';
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
