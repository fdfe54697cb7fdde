import { Island } from '../../islands/Island.tsx';
import { MeetingDocumentLinks as Links } from '../../islands/meetings/MeetingDocumentLinks.tsx';
import type { MeetingDetailsView } from '../../server/meeting-page/index.ts';

/**
 * A meeting's documents on either side's details page: an island, so that a cancellation made on the page
 * takes them away without a reload. None placed when the meeting has none.
 */
export function MeetingDocumentLinks({
  meeting,
}: {
  meeting: Pick<MeetingDetailsView, 'id' | 'documents' | 'attestationCode'>;
}) {
  if (meeting.documents.length === 0) return null;
  return (
    <Island
      name="MeetingDocumentLinks"
      component={Links}
      props={{
        meetingId: meeting.id,
        documents: meeting.documents,
        attestationCode: meeting.attestationCode,
      }}
    />
  );
}
