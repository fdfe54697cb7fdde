import { type MeetingDocumentLink, meetingDocumentLinks } from '../documents/index.ts';
import { hasBuiltInRoom } from '../kernel/config.ts';
import type { Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { findMeetingFact, type MeetingView, meetingView } from '../meetings/index.ts';
import { canSeeMeeting } from '../permissions.ts';
import { type TransportHelp, transportHelpFor } from '../transport/index.ts';

/**
 * A meeting's details page: the meeting, for its teacher on a company visit transport help, and for its two
 * sides the links to its documents (docs/decisions/0046).
 */
export type MeetingDetailsView = MeetingView & {
  transport: TransportHelp | null;
  documents: MeetingDocumentLink[];
};

/** One meeting of the viewer's, for its details page; null when there is none they may see (a 404). */
export async function meetingDetailsFor(
  viewer: Viewer | null,
  id: number,
  deps: Deps,
): Promise<MeetingDetailsView | null> {
  if (!viewer) return null;
  const meeting = await findMeetingFact(deps.db, id);
  if (!meeting || !canSeeMeeting(viewer, meeting)) return null;
  return {
    ...meetingView(meeting, viewer, deps.clock.now(), hasBuiltInRoom(deps)),
    transport: await transportHelpFor(viewer, meeting, deps),
    documents: meetingDocumentLinks(viewer, meeting, deps.clock.now()),
  };
}
