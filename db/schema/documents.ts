import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns.ts';

/** Uploaded files: teacher documents, company pictures and visit documents, slot documents. */
export const documents = sqliteTable(
  'documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerKind: text('owner_kind').$type<'user' | 'company' | 'slot' | 'article'>().notNull(),
    ownerId: integer('owner_id').notNull(),
    purpose: text('purpose').$type<'document' | 'picture' | 'visitDocument'>().notNull(),
    title: text('title').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('documents_owner_idx').on(t.ownerKind, t.ownerId)],
);
