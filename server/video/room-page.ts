import { HOME_OF, ROUTES } from '../../common/routes.ts';
import type { VideoMode } from '../../common/video.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { liveMeetingOfTeacher } from '../meetings/index.ts';
import { requireViewer } from '../permissions.ts';
import { admit, displayNameOf, roomSlot, type VideoRole } from './access.ts';

/**
 * What the page can offer: the room (open), its window (closed), that its host ended it or removed the
 * viewer, or why there is no room here.
 */
export type RoomView =
  | {
      state: 'open';
      role: VideoRole;
      mode: VideoMode;
      opensAt: string;
      closesAt: string;
      displayName: string;
    }
  | { state: 'closed'; opensAt: string; closesAt: string; over: boolean }
  /** `host`: the company's side, who ended it (or a colleague did), reads it in its own words. */
  | { state: 'ended'; host: boolean }
  | { state: 'removed' }
  | { state: 'unavailable' }
  | { state: 'external'; externalLink: string; host: boolean }
  | { state: 'forbidden' };

/** The room's decision as the page says it; a refusal that is not one of the room's is thrown on. */
async function roomView(viewer: Viewer, slotId: number, deps: Deps): Promise<RoomView> {
  try {
    const admitted = await admit(viewer, slotId, deps);
    return {
      state: 'open',
      role: admitted.role,
      mode: admitted.mode,
      opensAt: admitted.opensAt.toISOString(),
      closesAt: admitted.closesAt.toISOString(),
      displayName: await displayNameOf(
        deps,
        viewer.id,
        admitted.role === 'host' ? admitted.slot.companyName : null,
      ),
    };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const { externalLink, opensAt, closesAt } = error.extensions;
    switch (error.code) {
      case 'FORBIDDEN':
        return { state: 'forbidden' };
      case 'video_unavailable':
        return typeof externalLink === 'string'
          ? { state: 'external', externalLink, host: viewer.kind === 'recruiter' }
          : { state: 'unavailable' };
      case 'video_room_ended':
        return { state: 'ended', host: viewer.kind === 'recruiter' };
      case 'video_participant_removed':
        return { state: 'removed' };
      case 'video_room_closed':
        return {
          state: 'closed',
          opensAt: String(opensAt),
          closesAt: String(closesAt),
          over: deps.clock.now().getTime() >= new Date(String(closesAt)).getTime(),
        };
      default:
        throw error;
    }
  }
}

function home(viewer: Viewer) {
  return { href: HOME_OF[viewer.kind], label: 'Retour à l’accueil' };
}

/** Back to the meeting: the teacher's booking on this slot, or the company's meetings. */
async function backTo(viewer: Viewer, slotId: number, deps: Deps) {
  if (viewer.kind === 'recruiter') return { href: ROUTES.meetingsCompany, label: 'Retour à mes créneaux' };
  const meeting = viewer.kind === 'teacher' ? await liveMeetingOfTeacher(deps.db, slotId, viewer.id) : null;
  return meeting
    ? { href: `${ROUTES.meetingDetailsTeacher}?id=${meeting.id}`, label: 'Retour au rendez-vous' }
    : home(viewer);
}

/**
 * The room page of a slot (issue 6), decided by admit() before any token is asked for: null for no such
 * slot (a 404); a refusal for whoever is neither its company nor a teacher booked on it; otherwise the
 * room, or when it opens, or the slot's own link, or that the platform has no room.
 */
export async function roomPage(viewer: Viewer | null, input: { slotId: number }, deps: Deps) {
  const caller = requireViewer(viewer);
  const slot = await roomSlot(deps, input.slotId);
  if (!slot) return null;
  const room = await roomView(caller, slot.id, deps);
  if (room.state === 'forbidden') return { room, slot: null, back: home(caller) };
  return {
    room,
    slot: {
      id: slot.id,
      meetingType: slot.meetingType,
      companyName: slot.companyName,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      timeZone: slot.timeZone,
    },
    back: await backTo(caller, slot.id, deps),
  };
}
