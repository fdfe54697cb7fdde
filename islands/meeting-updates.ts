import { useEffect } from 'react';
import type { MeetingStatus, TransportRequestStatus } from '../common/constants.ts';

/**
 * A meeting as the API answered after a change made on its page (a cancellation): every island of the
 * page that shows part of it takes it from there, so that none keeps a state the server no longer has
 * (the transport request ends with the meeting, docs/decisions/0043).
 */
export interface MeetingUpdate {
  meetingId: number;
  status: MeetingStatus;
  transportRequest: { status: TransportRequestStatus } | null;
}

const EVENT = 'passerelle:meeting-updated';

export function announceMeetingUpdate(update: MeetingUpdate): void {
  window.dispatchEvent(new CustomEvent<MeetingUpdate>(EVENT, { detail: update }));
}

/** Calls `onUpdate` with each update of this meeting announced on the page. */
export function useMeetingUpdates(meetingId: number, onUpdate: (update: MeetingUpdate) => void): void {
  useEffect(() => {
    const listener = (event: Event) => {
      const update = (event as CustomEvent<MeetingUpdate>).detail;
      if (update.meetingId === meetingId) onUpdate(update);
    };
    window.addEventListener(EVENT, listener);
    return () => window.removeEventListener(EVENT, listener);
  }, [meetingId, onUpdate]);
}
