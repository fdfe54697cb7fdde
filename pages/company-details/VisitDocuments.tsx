import { documentTypeLabel, formatFileSize, type VisitDocumentItem } from '../../common/documents.ts';

/**
 * The company page's visit documents (PRODUCT.md, Discovery), rendered on the server: a title, a type, a
 * size and a download link each. Nothing at all when the company has none.
 * Data: `companyVisitDocuments(db, companyId)` from server/documents/index.ts.
 */
export function VisitDocuments({ documents }: { documents: readonly VisitDocumentItem[] }) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="documents-de-visite" className="flex flex-col gap-3 rounded-2xl bg-white p-6">
      <h2 id="documents-de-visite">Documents de visite</h2>
      <p className="text-grey-text">Pour préparer la visite avec vos élèves.</p>
      <ul className="flex flex-col gap-3">
        {documents.map((document) => {
          const details = `${documentTypeLabel(document.fileName)}, ${formatFileSize(document.sizeBytes)}`;
          return (
            <li key={document.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <a className="link font-semibold break-words" href={document.url}>
                {document.title}
                <span className="sr-only"> (télécharger, {details})</span>
              </a>
              <span aria-hidden="true" className="text-sm text-grey-text">
                {details}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
