import { and, asc, eq } from 'drizzle-orm';
import {
  DOCUMENT_MESSAGES,
  documentContentProblem,
  documentFormatOf,
  documentUrl,
  extensionOf,
  VISIT_DOCUMENTS_MAX,
  type VisitDocumentItem,
} from '../../common/documents.ts';
import type { DbOrTx } from '../../db/client.ts';
import { documents } from '../../db/schema/documents.ts';
import { type CompanyRow, findCompanyById } from '../companies/index.ts';
import { AppError, invalidInput } from '../errors.ts';
import type { Deps } from '../http/context.ts';
import { canSeeCompany, requireRecruiter, type Viewer } from '../permissions.ts';
import { FileStorageUnavailable } from '../ports/files.ts';
import { cleanFileName } from './file-names.ts';

export type DocumentRow = typeof documents.$inferSelect;

const isVisitDocumentOf = (companyId: number) =>
  and(
    eq(documents.ownerKind, 'company'),
    eq(documents.ownerId, companyId),
    eq(documents.purpose, 'visitDocument'),
  );

/** A company's visit documents, in the order they were added. */
function listVisitDocuments(db: DbOrTx, companyId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(isVisitDocumentOf(companyId))
    .orderBy(asc(documents.createdAt), asc(documents.id));
}

/** Whoever may see the company may read its visit documents (decision 0016); nobody else. */
export function visitDocumentsFor(
  viewer: Viewer | null,
  company: CompanyRow,
  deps: Deps,
): Promise<DocumentRow[]> {
  return canSeeCompany(viewer, company) ? listVisitDocuments(deps.db, company.id) : Promise.resolve([]);
}

/** The company page's list of visit documents, as the pages show them. */
export async function companyVisitDocuments(
  viewer: Viewer | null,
  company: CompanyRow,
  deps: Deps,
): Promise<VisitDocumentItem[]> {
  const rows = await visitDocumentsFor(viewer, company, deps);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    url: documentUrl(row.id, row.fileName),
  }));
}

/*
 * The row is written only while the company has fewer than VISIT_DOCUMENTS_MAX documents, in one
 * statement: two uploads at once cannot both take the last place.
 */
const INSERT_IF_ROOM = `INSERT INTO documents
  (owner_kind, owner_id, purpose, title, file_name, mime_type, size_bytes, storage_key, created_at)
SELECT 'company', :company, 'visitDocument', :title, :fileName, :mimeType, :size, :key, :now
WHERE (SELECT count(*) FROM documents
  WHERE owner_kind = 'company' AND owner_id = :company AND purpose = 'visitDocument') < :max
RETURNING id`;

const limitReached = () =>
  new AppError('max_file_limit_reached', {
    message: DOCUMENT_MESSAGES.visitDocumentsLimit,
    extensions: { max: VISIT_DOCUMENTS_MAX },
  });

/**
 * Adds a visit document to the recruiter's company. The file's first bytes must be those of its extension's
 * format. The file is written first, then the row; if the row cannot be written (the limit reached
 * meanwhile, a database failure), the file is deleted: no row ever names a missing file, and no file is
 * left without its row unless that deletion fails too (it is then logged).
 */
export async function addVisitDocument(
  viewer: Viewer | null,
  input: { title: string; file: File },
  deps: Deps,
): Promise<DocumentRow> {
  const { companyId } = requireRecruiter(viewer);
  const { db, files } = deps;
  const format = documentFormatOf(input.file.name);
  if (!format) throw invalidInput({ file: DOCUMENT_MESSAGES.unsupportedType });
  const bytes = new Uint8Array(await input.file.arrayBuffer());
  const problem = documentContentProblem(input.file.name, bytes);
  if (problem) throw invalidInput({ file: problem });
  // Checked before writing anything; the insert checks again, in the same statement as the write.
  if ((await listVisitDocuments(db, companyId)).length >= VISIT_DOCUMENTS_MAX) throw limitReached();

  const fileName = cleanFileName(input.file.name);
  const storageKey = `companies/${companyId}/visit-documents/${crypto.randomUUID()}.${extensionOf(fileName)}`;
  try {
    await files.put(storageKey, bytes, format.mimeType);
  } catch (error) {
    if (error instanceof FileStorageUnavailable) throw new AppError('file_storage_unavailable');
    throw error;
  }

  let id: number | undefined;
  try {
    const result = await db.client.execute({
      sql: INSERT_IF_ROOM,
      args: {
        company: companyId,
        title: input.title,
        fileName,
        mimeType: format.mimeType,
        size: bytes.length,
        key: storageKey,
        now: deps.clock.now().getTime(),
        max: VISIT_DOCUMENTS_MAX,
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
    throw limitReached();
  }
  const [row] = await db.select().from(documents).where(eq(documents.id, id));
  if (!row) throw new Error(`document ${id} not found after insert`);
  return row;
}

/**
 * Removes one of the company's visit documents: the row first, in one conditional statement (another
 * company's document, or one already gone, is NOT_FOUND), then the file. A file whose deletion fails is
 * only logged: no row names it any more, so nobody can reach it.
 */
export async function removeVisitDocument(
  viewer: Viewer | null,
  input: { id: number },
  deps: Deps,
): Promise<void> {
  const { companyId } = requireRecruiter(viewer);
  const [removed] = await deps.db
    .delete(documents)
    .where(and(eq(documents.id, input.id), isVisitDocumentOf(companyId)))
    .returning({ storageKey: documents.storageKey });
  if (!removed) throw new AppError('NOT_FOUND');
  await discardFile(deps, removed.storageKey);
}

async function discardFile({ files, log }: Deps, storageKey: string): Promise<void> {
  try {
    await files.delete(storageKey);
  } catch (error) {
    log.warn('file left behind without its document row', { storageKey, error: String(error) });
  }
}

/**
 * A visit document's file, for whoever may see its company, under its own name only (a link to a renamed
 * or other document finds nothing); null otherwise, which the route answers as a 404 that says nothing.
 */
export async function readVisitDocument(
  viewer: Viewer | null,
  input: { id: number; fileName: string },
  deps: Deps,
) {
  const [document] = await deps.db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.id, input.id),
        eq(documents.ownerKind, 'company'),
        eq(documents.purpose, 'visitDocument'),
      ),
    );
  if (!document || document.fileName !== input.fileName) return null;
  const company = await findCompanyById(deps.db, document.ownerId);
  if (!company || !canSeeCompany(viewer, company)) return null;
  const stored = await deps.files.get(document.storageKey);
  if (!stored) {
    deps.log.error('document file missing', { id: document.id });
    return null;
  }
  return { document, stored };
}
