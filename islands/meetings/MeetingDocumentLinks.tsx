import { useCallback, useState } from 'react';
import { attestationPath, type MeetingDocumentLink } from '../../common/meeting-documents.ts';
import { type MeetingUpdate, useMeetingUpdates } from '../meeting-updates.ts';
import { DetailsSection } from './MeetingDetailsParts.tsx';

export interface MeetingDocumentLinksProps {
  meetingId: number;
  documents: MeetingDocumentLink[];
  /** Once the meeting is held: the page where anyone checks its attestation. */
  attestationCode: string | null;
}

/**
 * A meeting's documents on its details page (docs/decisions/0046), for both sides: each as a page to
 * print and as a PDF. Nothing when the meeting has none (a cancelled webinar…), nor once it is cancelled
 * on the page itself (CancelMeeting announces it): a cancelled meeting has no documents, and its links
 * would answer 404 (docs/decisions/0081).
 */
export function MeetingDocumentLinks({ meetingId, documents, attestationCode }: MeetingDocumentLinksProps) {
  const [cancelled, setCancelled] = useState(false);
  useMeetingUpdates(
    meetingId,
    useCallback((update: MeetingUpdate) => {
      if (update.status === 'cancelled') setCancelled(true);
    }, []),
  );
  if (cancelled || documents.length === 0) return null;
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
          Chacun peut vérifier l’attestation, sans compte, avec son code {attestationCode} :{' '}
          <a className="link" href={attestationPath(attestationCode)}>
            page de vérification
          </a>
          .
        </p>
      )}
    </DetailsSection>
  );
}
