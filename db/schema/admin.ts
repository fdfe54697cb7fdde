import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './accounts.ts';
import { createdAt } from './columns.ts';

/**
 * What the operators did (issue 13): every back-office action, who, what, when, readable by the national
 * administrators. Names are kept as they were at the time: an operator removed since still signs theirs.
 */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorId: integer('actor_id').references(() => users.id),
    actorName: text('actor_name').notNull(),
    /** A stable name for the action: company.validated, department.closed, faq.saved… */
    action: text('action').notNull(),
    /** What it was done to, as the log says it in French ("Forges de Vénissieux (SIRET …)"). */
    target: text('target').notNull(),
    /** The same, for the history of one company, person or contact message: its kind and id. */
    subjectKind: text('subject_kind').$type<'company' | 'user' | 'contact'>(),
    subjectId: integer('subject_id'),
    /** The region concerned, when the action is within one. */
    regionCode: text('region_code'),
    details: text('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_subject_idx').on(t.subjectKind, t.subjectId),
  ],
);
