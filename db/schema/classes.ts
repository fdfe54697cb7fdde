import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * A teacher's groups (« Mes classes », docs/decisions/0045): a name, a level, the school year it belongs
 * to ("2026-2027", 1 September – 31 August). A booking belongs to at most one group (`meetings.group_id`);
 * deleting a group leaves its meetings without one.
 */
export const classGroups = sqliteTable(
  'class_groups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    level: text('level'),
    schoolYear: text('school_year').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('class_groups_teacher_idx').on(t.teacherId, t.schoolYear)],
);
