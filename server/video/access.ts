import { and, eq, ne } from 'drizzle-orm';
import { AccessToken, TrackSource, type VideoGrant } from 'livekit-server-sdk';
import type { Db } from '../../db/client.ts';
import { companies, establishments, meetings, slots, users } from '../../db/schema.ts';
import { AppError } from '../errors.ts';

const MINUTE_MS = 60_000;
/** The room opens this long before the slot starts… */
export const ROOM_OPENS_BEFORE_MS = 15 * MINUTE_MS;
/** …and closes this long after it ends (in UTC instants, so in the slot's zone alike). */
export const ROOM_CLOSES_AFTER_MS = 30 * MINUTE_MS;

export interface LiveKitSettings {
  url: string;
  apiKey: string;
  apiSecret: string;
}

export type VideoRole = 'host' | 'participant';

export interface VideoRoomAccess {
  serverUrl: string;
  token: string;
  roomName: string;
  role: VideoRole;
  opensAt: Date;
  closesAt: Date;
}

/** The viewer as the room needs it. */
export interface VideoViewer {
  id: number;
  kind: 'teacher' | 'recruiter' | 'admin';
  companyId: number | null;
}

/** One room per slot, shared by every class booked on it. */
export const roomNameOf = (slotId: number) => `creneau-${slotId}`;

export function roomWindow(slot: { startsAt: Date; endsAt: Date }) {
  return {
    opensAt: new Date(slot.startsAt.getTime() - ROOM_OPENS_BEFORE_MS),
    closesAt: new Date(slot.endsAt.getTime() + ROOM_CLOSES_AFTER_MS),
  };
}

/**
 * What each role may do in the room: hosts (the company) publish camera, microphone and screen, chat and
 * moderate (mute, remove); participants (the classes) publish camera and microphone and chat.
 */
export function grantOf(role: VideoRole, room: string): VideoGrant {
  const common = { room, roomJoin: true, canSubscribe: true, canPublish: true, canPublishData: true };
  return role === 'host'
    ? {
        ...common,
        roomAdmin: true,
        canPublishSources: [
          TrackSource.CAMERA,
          TrackSource.MICROPHONE,
          TrackSource.SCREEN_SHARE,
          TrackSource.SCREEN_SHARE_AUDIO,
        ],
      }
    : { ...common, roomAdmin: false, canPublishSources: [TrackSource.CAMERA, TrackSource.MICROPHONE] };
}

/**
 * Who may enter a slot's room, and when (issue 6): its company's recruiters as hosts, the teachers who
 * hold a live booking (confirmed, or postponed and kept) as participants; nobody else. The room opens
 * 15 minutes before the start and closes 30 minutes after the end; outside, no token is minted. A slot
 * with an external link, or a platform without LiveKit, has no room (`video_unavailable`, with the link).
 * The token (minted with Web Crypto, so on Workers too) carries the room, the user's id as identity,
 * "Prénom Nom — Établissement/Entreprise" as name, and expires when the room closes.
 */
export async function videoRoomAccess(
  deps: { db: Db; now: Date; livekit: LiveKitSettings | null },
  viewer: VideoViewer,
  slotId: number,
): Promise<VideoRoomAccess> {
  const { slot, role, opensAt, closesAt, livekit } = await admit(deps, viewer, slotId);
  const roomName = roomNameOf(slot.id);
  const token = new AccessToken(livekit.apiKey, livekit.apiSecret, {
    identity: String(viewer.id),
    name: await displayNameOf(deps.db, viewer.id, role === 'host' ? slot.companyName : null),
    ttl: Math.max(1, Math.floor((closesAt.getTime() - deps.now.getTime()) / 1000)),
  });
  token.addGrant(grantOf(role, roomName));
  return { serverUrl: livekit.url, token: await token.toJwt(), roomName, role, opensAt, closesAt };
}

/** The slot a room belongs to, as its page shows it. */
export async function roomSlot(db: Db, slotId: number) {
  const [slot] = await db
    .select({
      id: slots.id,
      companyId: slots.companyId,
      startsAt: slots.startsAt,
      endsAt: slots.endsAt,
      timeZone: slots.timeZone,
      meetingType: slots.meetingType,
      videoLink: slots.videoLink,
      deletedAt: slots.deletedAt,
      companyName: companies.name,
    })
    .from(slots)
    .innerJoin(companies, eq(companies.id, slots.companyId))
    .where(eq(slots.id, slotId));
  return slot && !slot.deletedAt ? slot : null;
}

/**
 * The decision, without a token: NOT_FOUND, FORBIDDEN, `video_unavailable` (with the external link) or
 * `video_room_closed` (with the window), in that order; otherwise the role and the window. The room page
 * uses it to say what is possible before anyone asks for a token.
 */
export async function admit(
  deps: { db: Db; now: Date; livekit: LiveKitSettings | null },
  viewer: VideoViewer,
  slotId: number,
) {
  const slot = await roomSlot(deps.db, slotId);
  if (!slot) throw new AppError('NOT_FOUND');
  const role = await roleOf(deps.db, viewer, slot);
  if (!role) throw new AppError('FORBIDDEN');
  if (slot.videoLink || !deps.livekit) {
    throw new AppError('video_unavailable', { extensions: { externalLink: slot.videoLink } });
  }
  const { opensAt, closesAt } = roomWindow(slot);
  const now = deps.now.getTime();
  if (now < opensAt.getTime() || now >= closesAt.getTime()) {
    throw new AppError('video_room_closed', {
      extensions: { opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString() },
    });
  }
  return { slot, role, opensAt, closesAt, livekit: deps.livekit };
}

async function roleOf(
  db: Db,
  viewer: VideoViewer,
  slot: { id: number; companyId: number },
): Promise<VideoRole | null> {
  if (viewer.kind === 'recruiter') return viewer.companyId === slot.companyId ? 'host' : null;
  if (viewer.kind !== 'teacher') return null;
  const [booking] = await db
    .select({ id: meetings.id })
    .from(meetings)
    .where(
      and(eq(meetings.slotId, slot.id), eq(meetings.teacherId, viewer.id), ne(meetings.status, 'cancelled')),
    )
    .limit(1);
  return booking ? 'participant' : null;
}

/** "Prénom Nom — Établissement" for a teacher, "Prénom Nom — Entreprise" for the company's people. */
export async function displayNameOf(db: Db, userId: number, companyName: string | null): Promise<string> {
  const [user] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, establishment: establishments.name })
    .from(users)
    .leftJoin(establishments, eq(establishments.id, users.establishmentId))
    .where(eq(users.id, userId));
  const person = user ? `${user.firstName} ${user.lastName}` : 'Participant';
  const where = companyName ?? user?.establishment;
  return where ? `${person} — ${where}` : person;
}

/** LiveKit settings from the configuration, or null when any of the three is missing. */
export function liveKitSettings(config: {
  LIVEKIT_URL?: string | undefined;
  LIVEKIT_API_KEY?: string | undefined;
  LIVEKIT_API_SECRET?: string | undefined;
}): LiveKitSettings | null {
  const { LIVEKIT_URL: url, LIVEKIT_API_KEY: apiKey, LIVEKIT_API_SECRET: apiSecret } = config;
  return url && apiKey && apiSecret ? { url, apiKey, apiSecret } : null;
}
