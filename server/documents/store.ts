import { and, asc, eq } from 'drizzle-orm';
import {
  DOCUMENT_MESSAGES,
  documentContentProblem,
  documentFormatOf,
  extensionOf,
} from '../../common/documents.ts';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import { FileStorageUnavailable } from '../kernel/ports/files.ts';
import { cleanFileName } from './file-names.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type OwnerKind = DocumentRow['ownerKind'];
export type Purpose = DocumentRow['purpose'];

/** Whose documents of which kind: a company's visit documents, a teacher's documents, a slot's… */
export interface DocumentShelf {
  ownerKind: OwnerKind;
  ownerId: number;
  purpose: Purpose;
}

export const onShelf = (shelf: DocumentShelf) =>
  and(
    eq(documents.ownerKind, shelf.ownerKind),
    eq(documents.ownerId, shelf.ownerId),
    eq(documents.purpose, shelf.purpose),
  );

/** A shelf's documents, in the order they were added. */
export function listShelf(db: DbOrTx, shelf: DocumentShelf): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(onShelf(shelf))
    .orderBy(asc(documents.createdAt), asc(documents.id));
}

/*
 * The row is written only while the shelf holds fewer than `max` documents, in one statement: two uploads
 * at once cannot both take the last place.
 */
const INSERT_IF_ROOM = `INSERT INTO documents
  (owner_kind, owner_id, purpose, title, file_name, mime_type, size_bytes, storage_key, created_at)
SELECT :kind, :owner, :purpose, :title, :fileName, :mimeType, :size, :key, :now
WHERE (SELECT count(*) FROM documents
  WHERE owner_kind = :kind AND owner_id = :owner AND purpose = :purpose) < :max
RETURNING id`;

/** Where a shelf keeps its files: `companies/12/visit-documents`, `teachers/7/documents`… */
export interface ShelfRules {
  max: number;
  folder: string;
  limitReached: () => AppError;
}

/**
 * Adds a document to a shelf (decision 0016). The file's first bytes must be those of its extension's
 * format. The file is written first, then the row; if the row cannot be written (the limit reached
 * meanwhile, a database failure), the file is deleted: no row ever names a missing file, and no file is
 * left without its row unless that deletion fails too (it is then logged).
 */
export async function addToShelf(
  shelf: DocumentShelf,
  rules: ShelfRules,
  input: { title: string; file: File },
  deps: Deps,
): Promise<DocumentRow> {
  const { db } = deps;
  const format = documentFormatOf(input.file.name);
  if (!format) throw invalidInput({ file: DOCUMENT_MESSAGES.unsupportedType });
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const problem = documentContentProblem(input.file.name, bytes);
  if (problem) throw invalidInput({ file: problem });
  // Checked before writing anything; the insert checks again, in the same statement as the write.
  if ((await listShelf(db, shelf)).length >= rules.max) throw rules.limitReached();

  const fileName = cleanFileName(input.file.name);
  const storageKey = `${rules.folder}/${crypto.randomUUID()}.${extensionOf(fileName)}`;
  await putFile(deps, storageKey, bytes, format.mimeType);

  let id: number | undefined;
  try {
    const result = await db.client.execute({
      sql: INSERT_IF_ROOM,
      args: {
        kind: shelf.ownerKind,
        owner: shelf.ownerId,
        purpose: shelf.purpose,
        title: input.title,
        fileName,
        mimeType: format.mimeType,
        size: bytes.length,
        key: storageKey,
        now: deps.clock.now().getTime(),
        max: rules.max,
      },
    });
    const inserted = result.rows[0]?.id;
    if (inserted !== undefined && inserted !== null) id = Number(inserted);
  } catch (error) {
    await discardFile(deps, storageKey);
    throw error;
  }
  if (id === undefined) {
    await discardFile(deps, storageKey);
    throw rules.limitReached();
  }
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  if (!row) throw new Error(`document ${id} not found after insert`);
  return row;
}

/**
 * Removes one document of a shelf: the row first, in one conditional statement (a document of another
 * shelf, or one already gone, is NOT_FOUND), then the file. A file whose deletion fails is only logged:
 * no row names it any more, so nobody can reach it.
 */
export async function removeFromShelf(shelf: DocumentShelf, id: number, deps: Deps): Promise<void> {
  const [removed] = await deps.db
    .delete(documents)
    .where(and(eq(documents.id, id), onShelf(shelf)))
    .returning({ storageKey: documents.storageKey });
  if (!removed) throw new AppError('NOT_FOUND');
  await discardFile(deps, removed.storageKey);
}

export async function putFile(deps: Deps, storageKey: string, bytes: Uint8Array, mimeType: string) {
  try {
    await deps.files.put(storageKey, bytes, mimeType);
  } catch (error) {
    if (error instanceof FileStorageUnavailable) throw new AppError('file_storage_unavailable');
    throw error;
  }
}

export async function discardFile({ files, log }: Deps, storageKey: string): Promise<void> {
  try {
    await files.delete(storageKey);
  } catch (error) {
    log.warn('file left behind without its document row', { storageKey, error: String(error) });
  }
}

export async function findDocument(db: DbOrTx, id: number): Promise<DocumentRow | null> {
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return row ?? null;
}
