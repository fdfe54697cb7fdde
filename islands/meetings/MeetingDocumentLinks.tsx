import { attestationPath } from '../../common/meeting-documents.ts';
import { DetailsSection } from '../../islands/meetings/MeetingDetailsParts.tsx';
import type { MeetingDocumentLink } from '../../server/documents/index.ts';

/**
 * A meeting's documents on its details page (docs/decisions/0046), for both sides: each as a page to
 * print and as a PDF. Nothing when the meeting has none (a cancelled webinar…).
 */
export function MeetingDocumentLinks({
  documents,
  attestationCode,
}: {
  documents: MeetingDocumentLink[];
  /** Once the meeting is held: the page where anyone checks its attestation. */
  attestationCode: string | null;
}) {
  if (documents.length === 0) return null;
  return (
    <DetailsSection id="documents-sortie" title="Documents à imprimer">
      <ul className="flex flex-col gap-3">
        {documents.map((document) => (
          <li key={document.kind} className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
            <a className="link font-semibold" href={document.htmlUrl}>
              {document.title}
            </a>
            <a className="link text-sm" href={document.pdfUrl} aria-label={`${document.title}, version PDF`}>
              PDF
            </a>
          </li>
        ))}
      </ul>
      {attestationCode && (
        <p>
          Chacun peut vérifier l’attestation, sans compte, avec son code {attestationCode} :{' '}
          <a className="link" href={attestationPath(attestationCode)}>
            page de vérification
          </a>
          .
        </p>
      )}
    </DetailsSection>
  );
}
