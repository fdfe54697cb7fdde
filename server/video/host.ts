import { LOBBY_PRESENCE_MS, VIDEO_ATTRIBUTES, type VideoMode, videoModeOf } from '../../common/video.ts';
import { teacherSignatures } from '../accounts/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import {
  ParticipantAbsent,
  type ParticipantPermissions,
  type VideoRoomService,
  VideoServiceUnavailable,
} from '../kernel/ports/video-rooms.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { bookingsOfSlot } from '../meetings/index.ts';
import { canHostVideoRoom, requireViewer } from '../permissions.ts';
import { admit, displayNameFrom, roomNameOf, roomSlot } from './access.ts';
import { endRoom, lobbyOf, markRemoved, membersOf, openRoom, roomRecord, setOnStage } from './room.ts';

/**
 * The host's controls of a slot's room (issue 15, docs/decisions/0032): open it to the classes waiting in
 * the lobby, bring a webinar's class on stage and back, mute a microphone, remove a class, end the meeting,
 * lower a hand; and the side panel's view of the lobby and the booked classes. Every action is checked here
 * (the slot's company's recruiters only, while the room is open) and carried out through LiveKit's server
 * API — never by trusting the browser, whose token cannot moderate anything but its own tracks.
 */

export interface RoomClass {
  userId: number;
  meetingId: number;
  /** "Prénom Nom — Établissement", as the room names the class. */
  name: string;
  participantsCount: number;
  /** In the lobby now (it asked within the last seconds), since when. */
  waitingSince: Date | null;
  onStage: boolean;
  removed: boolean;
}

export interface RoomState {
  slotId: number;
  mode: VideoMode;
  openedAt: Date | null;
  endedAt: Date | null;
  /** The classes waiting now, first come first. */
  lobby: RoomClass[];
  /** Every class holding a live booking, in booking order. */
  classes: RoomClass[];
}

/** The room, when the viewer hosts it: NOT_FOUND, FORBIDDEN, then the room's own refusals (admit()). */
async function admitHost(viewer: Viewer | null, slotId: number, deps: Deps, options = { ended: false }) {
  const caller = requireViewer(viewer);
  const slot = await roomSlot(deps, slotId);
  if (!slot) throw new AppError('NOT_FOUND');
  if (!canHostVideoRoom(caller, slot)) throw new AppError('FORBIDDEN');
  try {
    await admit(caller, slot.id, deps);
  } catch (error) {
    if (!(options.ended && error instanceof AppError && error.code === 'video_room_ended')) throw error;
  }
  const rooms = deps.videoRooms;
  if (!rooms) throw new AppError('video_unavailable', { extensions: { externalLink: slot.videoLink } });
  return { caller, slot, mode: videoModeOf(slot.meetingType), rooms, roomName: roomNameOf(slot.id) };
}

/** LiveKit's answers as the host reads them: the class left meanwhile, or the service did not answer. */
async function liveKit<T>(deps: Deps, action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ParticipantAbsent) throw new AppError('video_participant_absent');
    if (error instanceof VideoServiceUnavailable) {
      deps.log.warn('video service unavailable', { action, status: error.status, error: error.message });
      throw new AppError('video_service_unavailable');
    }
    throw error;
  }
}

/** The class the action is about: a teacher booked on this slot (a cancelled booking still counts). */
async function classOf(deps: Deps, slotId: number, userId: number) {
  const meeting = (await bookingsOfSlot(deps.db, slotId)).find((candidate) => candidate.teacherId === userId);
  if (!meeting) throw new AppError('NOT_FOUND');
  return meeting;
}

const AUDIENCE: ParticipantPermissions = { canSubscribe: true, canPublishData: true, sources: [] };
const STAGE: ParticipantPermissions = {
  canSubscribe: true,
  canPublishData: true,
  sources: ['camera', 'microphone'],
};

/** What the host's side panel shows: the lobby and the booked classes, each named as the room names it. */
export async function videoRoomState(
  viewer: Viewer | null,
  input: { slotId: number },
  deps: Deps,
): Promise<RoomState> {
  const { slot, mode } = await admitHost(viewer, input.slotId, deps);
  return stateOf(deps, slot.id, mode);
}

async function stateOf(deps: Deps, slotId: number, mode: VideoMode): Promise<RoomState> {
  const now = deps.clock.now();
  const [room, meetings, members, waiting] = await Promise.all([
    roomRecord(deps.db, slotId),
    bookingsOfSlot(deps.db, slotId),
    membersOf(deps.db, slotId),
    lobbyOf(deps.db, slotId, new Date(now.getTime() - LOBBY_PRESENCE_MS)),
  ]);
  const live = meetings.filter((meeting) => meeting.status !== 'cancelled');
  const signatures = await teacherSignatures(
    deps.db,
    live.map((meeting) => meeting.teacherId),
  );
  const memberOf = new Map(members.map((member) => [member.userId, member]));
  const waitingSince = new Map(waiting.map((member) => [member.userId, member.waitingSince]));
  const classes = live.map((meeting): RoomClass => {
    const member = memberOf.get(meeting.teacherId);
    return {
      userId: meeting.teacherId,
      meetingId: meeting.id,
      name: displayNameFrom(signatures.get(meeting.teacherId) ?? null, null),
      participantsCount: meeting.participantsCount,
      waitingSince: room?.openedAt ? null : (waitingSince.get(meeting.teacherId) ?? null),
      onStage: !!member?.onStage,
      removed: !!member?.removedAt,
    };
  });
  const lobby = classes
    .filter((entry) => entry.waitingSince)
    .sort((a, b) => (a.waitingSince?.getTime() ?? 0) - (b.waitingSince?.getTime() ?? 0));
  return {
    slotId,
    mode,
    openedAt: room?.openedAt ?? null,
    endedAt: room?.endedAt ?? null,
    lobby,
    classes,
  };
}

/** Opens the room: the classes in the lobby get their token at their next ask, later ones at once. */
export async function openVideoRoom(viewer: Viewer | null, input: { slotId: number }, deps: Deps) {
  const { caller, slot, mode } = await admitHost(viewer, input.slotId, deps);
  await openRoom(deps.db, slot.id, caller.id, deps.clock.now());
  return stateOf(deps, slot.id, mode);
}

/**
 * A webinar's class on stage: LiveKit lets it publish camera and microphone (its hand goes down), and its
 * next token does too, should it reconnect.
 */
export async function bringToStage(
  viewer: Viewer | null,
  input: { slotId: number; userId: number },
  deps: Deps,
): Promise<boolean> {
  return moveStage(viewer, input, deps, true);
}

/** Back to the audience: LiveKit unpublishes its camera and microphone, and its next token publishes nothing. */
export async function sendBackToAudience(
  viewer: Viewer | null,
  input: { slotId: number; userId: number },
  deps: Deps,
): Promise<boolean> {
  return moveStage(viewer, input, deps, false);
}

async function moveStage(
  viewer: Viewer | null,
  input: { slotId: number; userId: number },
  deps: Deps,
  onStage: boolean,
): Promise<boolean> {
  const { slot, mode, rooms, roomName } = await admitHost(viewer, input.slotId, deps);
  if (mode !== 'webinar') throw new AppError('video_not_webinar');
  await classOf(deps, slot.id, input.userId);
  await liveKit(deps, onStage ? 'bringToStage' : 'sendBackToAudience', () =>
    rooms.updateParticipant(roomName, String(input.userId), {
      permissions: onStage ? STAGE : AUDIENCE,
      attributes: { [VIDEO_ATTRIBUTES.handRaisedAt]: '' },
    }),
  );
  await setOnStage(deps.db, slot.id, input.userId, onStage, deps.clock.now());
  return true;
}

/** Mutes a class's microphone (it may switch it on again, as LiveKit allows no remote unmute by default). */
export async function muteParticipant(
  viewer: Viewer | null,
  input: { slotId: number; userId: number },
  deps: Deps,
): Promise<boolean> {
  const { slot, rooms, roomName } = await admitHost(viewer, input.slotId, deps);
  await classOf(deps, slot.id, input.userId);
  const identity = String(input.userId);
  const present = (await liveKit(deps, 'muteParticipant', () => rooms.listParticipants(roomName))).find(
    (participant) => participant.identity === identity,
  );
  if (!present) throw new AppError('video_participant_absent');
  const microphone = present.microphone;
  if (microphone && !microphone.muted) {
    await liveKit(deps, 'muteParticipant', () => rooms.muteTrack(roomName, identity, microphone.trackSid));
  }
  return true;
}

/**
 * Removes a class from the room for good: recorded first (so that no token is minted for it again, even if
 * LiveKit does not answer now), then disconnected. A class already gone is removed all the same. A token it
 * still holds is refused by LiveKit Cloud (RemoveParticipant revokes it); on a server that does not, the
 * webhook puts it out again when it comes back (webhook.ts).
 */
export async function removeParticipant(
  viewer: Viewer | null,
  input: { slotId: number; userId: number },
  deps: Deps,
): Promise<boolean> {
  const { caller, slot, rooms, roomName } = await admitHost(viewer, input.slotId, deps);
  await classOf(deps, slot.id, input.userId);
  await markRemoved(deps.db, slot.id, input.userId, caller.id, deps.clock.now());
  await disconnect(deps, rooms, roomName, String(input.userId));
  return true;
}

export async function disconnect(deps: Deps, rooms: VideoRoomService, roomName: string, identity: string) {
  try {
    await liveKit(deps, 'removeParticipant', () => rooms.removeParticipant(roomName, identity));
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'video_participant_absent')) throw error;
  }
}

/**
 * Ends the meeting for everyone: recorded first (no token is minted for the room again, the host's
 * included), then LiveKit closes the room and disconnects whoever is in it. Ending it again closes the room
 * again, for a first attempt LiveKit did not answer.
 */
export async function endMeeting(
  viewer: Viewer | null,
  input: { slotId: number },
  deps: Deps,
): Promise<boolean> {
  const { caller, slot, rooms, roomName } = await admitHost(viewer, input.slotId, deps, { ended: true });
  await endRoom(deps.db, slot.id, caller.id, deps.clock.now());
  await liveKit(deps, 'endMeeting', () => rooms.deleteRoom(roomName));
  return true;
}

/**
 * Raises the caller's hand: a class in the room asks to speak. The server stamps the instant (its clock,
 * so that every screen orders the hands alike) as the participant's attribute in LiveKit.
 */
export async function raiseHand(viewer: Viewer | null, input: { slotId: number }, deps: Deps) {
  const caller = requireViewer(viewer);
  const { room, slot } = await admit(caller, input.slotId, deps, 'participant');
  if (!room?.openedAt) throw new AppError('FORBIDDEN');
  return setHand(deps, slot.id, caller.id, deps.clock.now().toISOString());
}

/** Lowers a hand: one's own, or (the host) any class's. */
export async function lowerHand(
  viewer: Viewer | null,
  input: { slotId: number; userId?: number | undefined },
  deps: Deps,
) {
  const caller = requireViewer(viewer);
  const target = input.userId ?? caller.id;
  if (target === caller.id) {
    const { slot } = await admit(caller, input.slotId, deps, 'participant');
    return setHand(deps, slot.id, target, '');
  }
  const { slot } = await admitHost(caller, input.slotId, deps);
  await classOf(deps, slot.id, target);
  return setHand(deps, slot.id, target, '');
}

async function setHand(deps: Deps, slotId: number, userId: number, raisedAt: string): Promise<boolean> {
  const rooms = deps.videoRooms;
  if (!rooms) throw new AppError('video_unavailable');
  await liveKit(deps, raisedAt ? 'raiseHand' : 'lowerHand', () =>
    rooms.updateParticipant(roomNameOf(slotId), String(userId), {
      attributes: { [VIDEO_ATTRIBUTES.handRaisedAt]: raisedAt },
    }),
  );
  return true;
}
