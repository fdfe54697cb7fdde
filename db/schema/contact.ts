import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { ContactStatus } from '../../common/contact.ts';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';
import { companies } from './companies.ts';

/**
 * Messages to the operators (contact form: `company_id` null) and to companies (contact button:
 * `company_id` set): the contact domain's. Only the former have a status, an answer and a region
 * (docs/decisions/0042).
 */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    fromUserId: integer('from_user_id').references(() => users.id),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** A ContactSubject for a message to the operators; the e-mail's subject line for one to a company. */
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The sender as they were when they wrote: their role and establishment or company, in French. */
    senderRole: text('sender_role'),
    organisation: text('organisation'),
    /** The sender's department (their establishment's, their company's) and its region: who handles it. */
    departmentCode: text('department_code'),
    regionCode: text('region_code'),
    status: text('status').$type<ContactStatus>().notNull().default('new'),
    answer: text('answer'),
    answeredBy: integer('answered_by').references(() => users.id),
    answeredAt: integer('answered_at', { mode: 'timestamp_ms' }),
    /** When it was last marked handled. */
    handledAt: integer('handled_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_company_idx').on(t.companyId),
    index('contact_messages_inbox_idx').on(t.regionCode, t.status, t.createdAt),
  ],
);
