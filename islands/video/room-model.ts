import { type Participant, type Room, RoomEvent, Track, type TranscriptionSegment } from 'livekit-client';
import { useEffect, useReducer, useState } from 'react';
import { VIDEO_ATTRIBUTES } from '../../common/video.ts';
import type { ParticipantView } from './room-port.ts';

/**
 * The room as the webinar's controls read it from livekit-client: who is in it, who is on stage (may
 * publish), whose hand is up since when (an attribute the server sets), whose microphone is open; and the
 * transcription segments LiveKit delivers. Each hook re-reads the room on the events that change it.
 */

const PARTICIPANT_EVENTS = [
  RoomEvent.ParticipantConnected,
  RoomEvent.ParticipantDisconnected,
  RoomEvent.ParticipantAttributesChanged,
  RoomEvent.ParticipantPermissionsChanged,
  RoomEvent.ParticipantNameChanged,
  RoomEvent.TrackPublished,
  RoomEvent.TrackUnpublished,
  RoomEvent.TrackMuted,
  RoomEvent.TrackUnmuted,
  RoomEvent.LocalTrackPublished,
  RoomEvent.LocalTrackUnpublished,
] as const;

export function viewOf(participant: Participant, isLocal: boolean): ParticipantView {
  const microphone = participant.getTrackPublication(Track.Source.Microphone);
  const role = participant.attributes[VIDEO_ATTRIBUTES.role] === 'host' ? 'host' : 'participant';
  return {
    identity: participant.identity,
    name: participant.name || participant.identity,
    isLocal,
    role,
    canPublish: role === 'host' || !!participant.permissions?.canPublish,
    handRaisedAt: participant.attributes[VIDEO_ATTRIBUTES.handRaisedAt] || null,
    microphone: !microphone ? 'none' : microphone.isMuted ? 'muted' : 'on',
  };
}

/** Everyone in the room, the viewer first; empty without a room. */
export function useParticipants(room: Room | null): ParticipantView[] {
  const [, changed] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    if (!room) return;
    for (const event of PARTICIPANT_EVENTS) room.on(event, changed);
    return () => {
      for (const event of PARTICIPANT_EVENTS) room.off(event, changed);
    };
  }, [room]);
  if (!room) return [];
  return [
    viewOf(room.localParticipant, true),
    ...[...room.remoteParticipants.values()].map((participant) => viewOf(participant, false)),
  ];
}

export interface CaptionLine {
  id: string;
  speaker: string;
  text: string;
  final: boolean;
}

/** The lines kept on screen: the latest few, an interim one replaced as LiveKit refines it. */
const CAPTION_LINES = 3;

/** The transcription LiveKit delivers (RoomEvent.TranscriptionReceived), as lines to show. */
export function useCaptions(room: Room | null): CaptionLine[] {
  const [lines, setLines] = useState<CaptionLine[]>([]);
  useEffect(() => {
    if (!room) return;
    const received = (segments: TranscriptionSegment[], participant?: Participant) => {
      const speaker = participant?.name || participant?.identity || '';
      setLines((current) => {
        const next = [...current];
        for (const segment of segments) {
          const line = { id: segment.id, speaker, text: segment.text, final: segment.final };
          const index = next.findIndex((candidate) => candidate.id === segment.id);
          if (index >= 0) next[index] = line;
          else next.push(line);
        }
        return next.slice(-CAPTION_LINES);
      });
    };
    room.on(RoomEvent.TranscriptionReceived, received);
    return () => {
      room.off(RoomEvent.TranscriptionReceived, received);
    };
  }, [room]);
  return lines;
}
