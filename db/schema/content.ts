import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { FaqAudience } from '../../common/constants.ts';
import { createdAt } from './columns.ts';
import { companies } from './companies.ts';

/** Platform articles (`/article/{id}`, company id null) and company news. */
export const articles = sqliteTable(
  'articles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    summary: text('summary'),
    body: text('body').notNull(),
    imageDocumentId: integer('image_document_id'),
    publishedAt: integer('published_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    /** When a platform article was last saved (the content screen's list); older rows got their creation or publication. */
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('articles_company_published_idx').on(t.companyId, t.publishedAt)],
);

export const faqEntries = sqliteTable(
  'faq_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Who reads it (API.md, FaqAudience): visitors' entries are read by everyone. */
    audience: text('audience').$type<FaqAudience>().notNull().default('visitor'),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('faq_entries_audience_idx').on(t.audience, t.position)],
);
