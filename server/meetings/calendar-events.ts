import { MEETING_TYPE_LABELS, type MeetingType } from '../../common/constants.ts';
import { plural } from '../../common/format.ts';
import { meetingPlace } from '../../common/meetings.ts';
import { ROUTES } from '../../common/routes.ts';
import type { CalendarEvent } from '../calendar/index.ts';

/** What a meeting's place and calendar event are drawn from. */
export interface MeetingEventSource {
  id: number;
  status: 'confirmed' | 'reported' | 'cancelled';
  participantsCount: number;
  createdAt: Date;
  cancelledAt: Date | null;
  establishmentName: string | null;
  establishmentAddress: string | null;
  slotId: number;
  startsAt: Date;
  endsAt: Date;
  meetingType: MeetingType;
  placeLabel: string | null;
  videoLink: string | null;
  slotUpdatedAt: Date | null;
  companyName: string;
  companyAddress: string | null;
}

/**
 * The meeting as a calendar event, for one side. Its uid is the meeting's, so a move or a cancellation
 * replaces the event the invitation created; the sequence is the second of the latest change.
 */
export function meetingCalendarEvent(
  meeting: MeetingEventSource,
  audience: 'teacher' | 'company',
  publicUrl: string,
  now: Date,
  builtInRoom = true,
): CalendarEvent {
  const type = MEETING_TYPE_LABELS[meeting.meetingType];
  const changedAt = Math.max(
    meeting.createdAt.getTime(),
    meeting.slotUpdatedAt?.getTime() ?? 0,
    meeting.cancelledAt?.getTime() ?? 0,
  );
  const cancelled = meeting.status === 'cancelled';
  const details = `${publicUrl}${audience === 'teacher' ? ROUTES.meetingDetailsTeacher : ROUTES.meetingDetailsCompany}?id=${meeting.id}`;
  const place = meetingPlace(meeting, publicUrl, builtInRoom);
  const event: CalendarEvent = {
    uid: `rencontre-${meeting.id}@passerelle-industrie.fr`,
    sequence: Math.max(0, Math.floor(changedAt / 1000) - SEQUENCE_EPOCH_S),
    startsAt: meeting.startsAt,
    endsAt: meeting.endsAt,
    summary:
      audience === 'teacher'
        ? `${type} — ${meeting.companyName}`
        : `${type} — ${meeting.establishmentName ?? 'Établissement'} (${plural(meeting.participantsCount, 'participant')})`,
    description: `Rendez-vous Passerelle Industrie. Détails et préparation : ${details}`,
    url: details,
    cancelled,
    stamp: cancelled ? (meeting.cancelledAt ?? now) : new Date(changedAt),
  };
  if (place) event.location = place;
  return event;
}

/** Sequences count seconds from 2026-01-01, which keeps them far below the 2^31 calendar apps accept. */
const SEQUENCE_EPOCH_S = Date.UTC(2026, 0, 1) / 1000;
