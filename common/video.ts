import type { MeetingType } from './constants.ts';

/**
 * The video room's rules shared by the islands and the API (docs/decisions/0017, 0032, 0033): how a room
 * is held, how often the lobby asks, and the names the room's participants carry in LiveKit. No zod here:
 * the room's chunk would carry it for inputs (ids) that only the API parses.
 */

/**
 * A webinar's classes are its audience (they watch, chat and raise a hand; the host brings one on stage);
 * a visit or an intervention held remotely is a room where everyone publishes.
 */
export type VideoMode = 'conference' | 'webinar';

export function videoModeOf(meetingType: MeetingType): VideoMode {
  return meetingType === 'Webinar' ? 'webinar' : 'conference';
}

/**
 * The LiveKit participant attributes the server sets (never the browser: the tokens do not grant
 * canUpdateOwnMetadata). `hand_raised_at` holds the instant the hand went up, ISO-8601 from the server's
 * clock, so that every screen orders the hands alike; an empty value means no hand.
 */
export const VIDEO_ATTRIBUTES = {
  role: 'passerelle_role',
  handRaisedAt: 'hand_raised_at',
} as const;

/** How often a class in the lobby asks whether the room is open, and the host's panel asks who waits. */
export const LOBBY_POLL_MS = 4000;
/** A class that has not asked for this long has left the lobby (closed its tab, lost its network). */
export const LOBBY_PRESENCE_MS = 20_000;
