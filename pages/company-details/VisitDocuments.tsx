import { documentTypeLabel, formatFileSize, type VisitDocumentItem } from '../../common/documents.ts';

/**
 * A list of documents rendered on the server (the company page's visit documents, PRODUCT.md, Discovery;
 * a meeting's documents): a title, a type, a size and a download link each. Nothing at all when empty.
 * Data: `companyVisitDocuments(db, companyId)` from server/documents/index.ts.
 */
export function VisitDocuments({
  documents,
  id = 'documents-de-visite',
  heading = 'Documents de visite',
  intro = 'Pour préparer la visite avec vos élèves.',
}: {
  documents: readonly VisitDocumentItem[];
  id?: string;
  heading?: string;
  intro?: string;
}) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl bg-white p-6">
      <h2 id={id}>{heading}</h2>
      <p className="text-grey-text">{intro}</p>
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
