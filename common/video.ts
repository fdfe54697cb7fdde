import { z } from 'zod';
import type { MeetingType } from './constants.ts';
import './text.ts';

/**
 * The video room's rules shared by the islands and the API (docs/decisions/0017, 0032, 0033): how a room
 * is held, the inputs of the host's actions, and the names the room's participants carry in LiveKit.
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

const id = z.coerce.number().int().positive();

export const videoSlotInputSchema = z.object({ slotId: id });
/** A host's action on one participant: the slot's room, and the participant's user id (their identity). */
export const videoParticipantInputSchema = z.object({ slotId: id, userId: id });
/** Lowering a hand: one's own, or (the host) anyone's. */
export const lowerHandInputSchema = z.object({
  slotId: id,
  userId: z.preprocess((value) => value ?? undefined, id.optional()),
});
