import {
  type Participant,
  type Room,
  RoomEvent,
  type TextStreamReader,
  Track,
  type TranscriptionSegment,
} from 'livekit-client';
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

function viewOf(participant: Participant, isLocal: boolean): ParticipantView {
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

/** Where LiveKit Agents (1.0 and later) publish transcriptions: a text stream per segment. */
const TRANSCRIPTION_TOPIC = 'lk.transcription';

/**
 * The transcription LiveKit delivers, as lines to show: the segments of RoomEvent.TranscriptionReceived
 * (the server's transcription messages, deprecated by LiveKit but still sent by older agents) and the text
 * streams on `lk.transcription` that current agents publish instead — each stream one segment
 * (`lk.segment_id`), its chunks appended, a segment sent again replacing its line.
 */
export function useCaptions(room: Room | null): CaptionLine[] {
  const [lines, setLines] = useState<CaptionLine[]>([]);
  useEffect(() => {
    if (!room) return;
    const show = (line: CaptionLine) =>
      setLines((current) => {
        const index = current.findIndex((candidate) => candidate.id === line.id);
        const next = index >= 0 ? current.with(index, line) : [...current, line];
        return next.slice(-CAPTION_LINES);
      });
    const nameOf = (identity: string) =>
      (identity === room.localParticipant.identity
        ? room.localParticipant
        : room.remoteParticipants.get(identity)
      )?.name || identity;
    const received = (segments: TranscriptionSegment[], participant?: Participant) => {
      const speaker = participant ? nameOf(participant.identity) : '';
      for (const segment of segments) {
        show({ id: segment.id, speaker, text: segment.text, final: segment.final });
      }
    };
    const streamed = (reader: TextStreamReader, from: { identity: string }) => {
      const attributes = reader.info.attributes ?? {};
      const id = attributes['lk.segment_id'] || reader.info.id;
      const final = attributes['lk.transcription_final'] === 'true';
      const speaker = nameOf(from.identity);
      void (async () => {
        let text = '';
        for await (const chunk of reader) {
          text += chunk;
          show({ id, speaker, text, final });
        }
      })().catch(() => undefined);
    };
    room.on(RoomEvent.TranscriptionReceived, received);
    room.registerTextStreamHandler(TRANSCRIPTION_TOPIC, streamed);
    return () => {
      room.off(RoomEvent.TranscriptionReceived, received);
      room.unregisterTextStreamHandler(TRANSCRIPTION_TOPIC);
    };
  }, [room]);
  return lines;
}
