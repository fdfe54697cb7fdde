import { AccessToken, TrackSource, type VideoGrant } from 'livekit-server-sdk';
import { VIDEO_ATTRIBUTES, type VideoMode, videoModeOf } from '../../common/video.ts';
import { teacherSignature } from '../accounts/index.ts';
import { companyRowById } from '../companies/index.ts';
import { liveKitSettings } from '../kernel/config.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { liveMeetingOfTeacher } from '../meetings/index.ts';
import { requireViewer, videoRoleOf } from '../permissions.ts';
import { slotVideoLink, slotViewById } from '../slots/index.ts';
import { memberRecord, recordWaiting, roomRecord } from './room.ts';

const MINUTE_MS = 60_000;
/** The room opens this long before the slot starts… */
export const ROOM_OPENS_BEFORE_MS = 15 * MINUTE_MS;
/** …and closes this long after it ends (in UTC instants, so in the slot's zone alike). */
export const ROOM_CLOSES_AFTER_MS = 30 * MINUTE_MS;

export type VideoRole = 'host' | 'participant';

export interface VideoRoomAccess {
  serverUrl: string;
  token: string;
  roomName: string;
  role: VideoRole;
  mode: VideoMode;
  /** A webinar's class the host brought on stage: its token publishes camera and microphone. */
  onStage: boolean;
  opensAt: Date;
  closesAt: Date;
}

/** One room per slot, shared by every class booked on it. */
export const roomNameOf = (slotId: number) => `creneau-${slotId}`;

export function roomWindow(slot: { startsAt: Date; endsAt: Date }) {
  return {
    opensAt: new Date(slot.startsAt.getTime() - ROOM_OPENS_BEFORE_MS),
    closesAt: new Date(slot.endsAt.getTime() + ROOM_CLOSES_AFTER_MS),
  };
}

/** What a participant publishes: camera and microphone, or (a webinar's audience) nothing. */
export type Publishing = 'stage' | 'audience';

/** Where a participant stands: everyone publishes in a conference; a webinar's classes watch unless on stage. */
export function publishingOf(mode: VideoMode, onStage: boolean): Publishing {
  return mode === 'conference' || onStage ? 'stage' : 'audience';
}

/**
 * What each role may do in the room: hosts (the company) publish camera, microphone and screen, chat and
 * moderate; participants (the classes) publish camera and microphone, or nothing in a webinar's audience,
 * and chat. Nobody changes their own name or attributes (raised hands are set by the server).
 */
export function grantOf(role: VideoRole, room: string, publishing: Publishing = 'stage'): VideoGrant {
  const common = {
    room,
    roomJoin: true,
    canSubscribe: true,
    canPublishData: true,
    canUpdateOwnMetadata: false,
  };
  if (role === 'host') {
    return {
      ...common,
      canPublish: true,
      roomAdmin: true,
      canPublishSources: [
        TrackSource.CAMERA,
        TrackSource.MICROPHONE,
        TrackSource.SCREEN_SHARE,
        TrackSource.SCREEN_SHARE_AUDIO,
      ],
    };
  }
  return publishing === 'stage'
    ? {
        ...common,
        canPublish: true,
        roomAdmin: false,
        canPublishSources: [TrackSource.CAMERA, TrackSource.MICROPHONE],
      }
    : { ...common, canPublish: false, roomAdmin: false, canPublishSources: [] };
}

/**
 * Who may enter a slot's room, and when (issue 6): its company's recruiters as hosts, the teachers who
 * hold a live booking (confirmed, or postponed and kept) as participants; nobody else. The room opens
 * 15 minutes before the start and closes 30 minutes after the end; outside, no token is minted. A slot
 * with an external link, or a platform without LiveKit, has no room (`video_unavailable`, with the link).
 * A class that comes before the host opened the room waits in the lobby (`video_room_waiting`, and the
 * host sees it); one the host removed, or any after the host ended the meeting, gets no token again
 * (issue 15). The token (minted with Web Crypto, so on Workers too) carries the room, the user's id as
 * identity, "Prénom Nom — Établissement/Entreprise" as name, the role as an attribute, what they may
 * publish, and expires when the room closes.
 */
export async function videoRoomAccess(
  viewer: Viewer | null,
  input: { slotId: number },
  deps: Deps,
): Promise<VideoRoomAccess> {
  const caller = requireViewer(viewer);
  const { slot, role, mode, room, member, opensAt, closesAt, livekit } = await admit(
    caller,
    input.slotId,
    deps,
  );
  if (role === 'participant' && !room?.openedAt) {
    await recordWaiting(deps.db, slot.id, caller.id, deps.clock.now());
    throw new AppError('video_room_waiting');
  }
  const roomName = roomNameOf(slot.id);
  const onStage = role === 'participant' && !!member?.onStage;
  const token = new AccessToken(livekit.apiKey, livekit.apiSecret, {
    identity: String(caller.id),
    name: await displayNameOf(deps, caller.id, role === 'host' ? slot.companyName : null),
    attributes: { [VIDEO_ATTRIBUTES.role]: role },
    ttl: Math.max(1, Math.floor((closesAt.getTime() - deps.clock.now().getTime()) / 1000)),
  });
  token.addGrant(grantOf(role, roomName, publishingOf(mode, onStage)));
  return {
    serverUrl: livekit.url,
    token: await token.toJwt(),
    roomName,
    role,
    mode,
    onStage,
    opensAt,
    closesAt,
  };
}

/** The slot a room belongs to, as its page shows it; null for no such slot or a deleted one. */
export async function roomSlot(deps: Deps, slotId: number) {
  const slot = await slotViewById(deps.db, slotId, deps.clock.now());
  if (!slot) return null;
  const [company, videoLink] = await Promise.all([
    companyRowById(deps.db, slot.companyId),
    slotVideoLink(deps.db, slot.id),
  ]);
  if (!company) return null;
  return {
    id: slot.id,
    companyId: slot.companyId,
    meetingType: slot.meetingType,
    timeZone: slot.timeZone,
    startsAt: new Date(slot.startsAt),
    endsAt: new Date(slot.endsAt),
    videoLink,
    companyName: company.name,
  };
}

/**
 * The decision, without a token: NOT_FOUND, FORBIDDEN (also for a role other than `only`, when given),
 * `video_unavailable` (with the external link),
 * `video_room_closed` (with the window), `video_room_ended`, `video_participant_removed`, in that order;
 * otherwise the role, the room's mode and what the platform keeps of the room and of the viewer in it. The
 * room page uses it to say what is possible before anyone asks for a token.
 */
export async function admit(viewer: Viewer, slotId: number, deps: Deps, only?: VideoRole) {
  const slot = await roomSlot(deps, slotId);
  if (!slot) throw new AppError('NOT_FOUND');
  const booked = viewer.kind === 'teacher' && !!(await liveMeetingOfTeacher(deps.db, slot.id, viewer.id));
  const role = videoRoleOf(viewer, slot, booked);
  if (!role || (only && role !== only)) throw new AppError('FORBIDDEN');
  const livekit = liveKitSettings(deps.config);
  if (slot.videoLink || !livekit) {
    throw new AppError('video_unavailable', { extensions: { externalLink: slot.videoLink } });
  }
  const { opensAt, closesAt } = roomWindow(slot);
  const now = deps.clock.now().getTime();
  if (now < opensAt.getTime() || now >= closesAt.getTime()) {
    throw new AppError('video_room_closed', {
      extensions: { opensAt: opensAt.toISOString(), closesAt: closesAt.toISOString() },
    });
  }
  const room = await roomRecord(deps.db, slot.id);
  if (room?.endedAt) throw new AppError('video_room_ended');
  const member = role === 'participant' ? await memberRecord(deps.db, slot.id, viewer.id) : null;
  if (member?.removedAt) throw new AppError('video_participant_removed');
  return { slot, role, mode: videoModeOf(slot.meetingType), room, member, opensAt, closesAt, livekit };
}

/** "Prénom Nom — Établissement" for a teacher, "Prénom Nom — Entreprise" for the company's people. */
export async function displayNameOf(deps: Deps, userId: number, companyName: string | null): Promise<string> {
  return displayNameFrom(await teacherSignature(deps.db, userId), companyName);
}

/** The same name from a signature already read (a room's classes, read together). */
export function displayNameFrom(
  user: { firstName: string; lastName: string; establishmentName: string | null } | null,
  companyName: string | null,
): string {
  const person = user ? `${user.firstName} ${user.lastName}` : 'Participant';
  const where = companyName ?? user?.establishmentName;
  return where ? `${person} — ${where}` : person;
}
