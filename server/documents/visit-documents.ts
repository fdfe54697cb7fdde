import {
  DOCUMENT_MESSAGES,
  documentUrl,
  VISIT_DOCUMENTS_MAX,
  type VisitDocumentItem,
} from '../../common/documents.ts';
import type { CompanyRow } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { canSeeCompany, requireRecruiter } from '../permissions.ts';
import { addToShelf, type DocumentRow, type DocumentShelf, listShelf, removeFromShelf } from './store.ts';

export type { DocumentRow };

const visitShelf = (companyId: number): DocumentShelf => ({
  ownerKind: 'company',
  ownerId: companyId,
  purpose: 'visitDocument',
});

/** Whoever may see the company may read its visit documents (decision 0016); nobody else. */
export function visitDocumentsFor(
  viewer: Viewer | null,
  company: CompanyRow,
  deps: Deps,
): Promise<DocumentRow[]> {
  return canSeeCompany(viewer, company) ? listShelf(deps.db, visitShelf(company.id)) : Promise.resolve([]);
}

/** Documents as the pages list them, `url` relative to the site. */
export const documentItems = (rows: DocumentRow[]): VisitDocumentItem[] =>
  rows.map((row) => ({
    id: row.id,
    title: row.title,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    url: documentUrl(row.id, row.fileName),
  }));

/** The company page's list of visit documents, as the pages show them. */
export async function companyVisitDocuments(
  viewer: Viewer | null,
  company: CompanyRow,
  deps: Deps,
): Promise<VisitDocumentItem[]> {
  return documentItems(await visitDocumentsFor(viewer, company, deps));
}

/** Adds a visit document to the recruiter's company: 10 at most (decision 0016). */
export function addVisitDocument(
  viewer: Viewer | null,
  input: { title: string; file: File },
  deps: Deps,
): Promise<DocumentRow> {
  const { companyId } = requireRecruiter(viewer);
  return addToShelf(
    visitShelf(companyId),
    {
      max: VISIT_DOCUMENTS_MAX,
      folder: `companies/${companyId}/visit-documents`,
      limitReached: () =>
        new AppError('max_file_limit_reached', {
          message: DOCUMENT_MESSAGES.visitDocumentsLimit,
          extensions: { max: VISIT_DOCUMENTS_MAX },
        }),
    },
    input,
    deps,
  );
}

/** Removes one of the company's visit documents (another company's is NOT_FOUND). */
export function removeVisitDocument(viewer: Viewer | null, input: { id: number }, deps: Deps): Promise<void> {
  const { companyId } = requireRecruiter(viewer);
  return removeFromShelf(visitShelf(companyId), input.id, deps);
}
