import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { companies } from './companies.ts';

/** Messages to the operators (contact form) and to companies (contact button): the contact domain's. */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    fromUserId: integer('from_user_id').references(() => users.id),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_company_idx').on(t.companyId)],
);
