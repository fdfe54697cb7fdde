import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const departments = sqliteTable('departments', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  regionCode: text('region_code').notNull(),
  timeZone: text('time_zone').notNull(),
  active: integer('active', { mode: 'boolean' }).notNull().default(false),
  /** The territorial chamber (CST) that runs the platform in this department. */
  chamber: text('chamber'),
});
