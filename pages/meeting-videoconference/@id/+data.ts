import { render } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { HOME_OF, ROUTES } from '../../../common/routes.ts';
import type { Viewer } from '../../../server/http/context.ts';
import { liveMeetingOfTeacher } from '../../../server/meetings/index.ts';
import {
  admit,
  displayNameOf,
  liveKitSettings,
  roomSlot,
  type VideoRole,
} from '../../../server/video/index.ts';

/** What the page can offer: the room (open), its window (closed), or why there is no room here. */
export type RoomView =
  | { state: 'open'; role: VideoRole; opensAt: string; closesAt: string; displayName: string }
  | { state: 'closed'; opensAt: string; closesAt: string; over: boolean }
  | { state: 'unavailable' }
  | { state: 'external'; externalLink: string }
  | { state: 'forbidden' };

/**
 * The room of slot `{id}` (issue 6), decided by admit() before any token is asked for: 404 for no such
 * slot; a refusal for whoever is neither its company nor a teacher booked on it; otherwise the room, or
 * when it opens, or the slot's own link, or that the platform has no room. The guard already sent
 * visitors to the login.
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const slotId = Number(pageContext.routeParams.id);
  if (!viewer || !Number.isSafeInteger(slotId) || slotId <= 0) throw render(404);
  const now = deps.clock.now();
  let room: RoomView;
  try {
    const admitted = await admit({ db: deps.db, now, livekit: liveKitSettings(deps.config) }, viewer, slotId);
    room = {
      state: 'open',
      role: admitted.role,
      opensAt: admitted.opensAt.toISOString(),
      closesAt: admitted.closesAt.toISOString(),
      displayName: await displayNameOf(
        deps.db,
        viewer.id,
        admitted.role === 'host' ? admitted.slot.companyName : null,
      ),
    };
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const { externalLink, opensAt, closesAt } = refusal.extensions;
    switch (refusal.code) {
      case 'NOT_FOUND':
        throw render(404);
      case 'FORBIDDEN':
        return { room: { state: 'forbidden' } as RoomView, slot: null, back: home(viewer) };
      case 'video_unavailable':
        room =
          typeof externalLink === 'string' ? { state: 'external', externalLink } : { state: 'unavailable' };
        break;
      case 'video_room_closed':
        room = {
          state: 'closed',
          opensAt: String(opensAt),
          closesAt: String(closesAt),
          over: now.getTime() >= new Date(String(closesAt)).getTime(),
        };
        break;
      default:
        throw error;
    }
  }
  const slot = await roomSlot(deps.db, slotId);
  if (!slot) throw render(404);
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
    back: await backTo(deps, viewer, slotId),
  };
}

export type Data = Awaited<ReturnType<typeof data>>;

type PageDeps = PageContextServer['deps'];

/**
 * admit()'s refusal, read by its code and extensions: pages reach the server through its domains'
 * indexes, which do not export the AppError class.
 */
function refusalOf(error: unknown): { code: string; extensions: Record<string, unknown> } | null {
  if (!(error instanceof Error) || error.name !== 'AppError') return null;
  const { code, extensions } = error as Error & { code?: unknown; extensions?: Record<string, unknown> };
  return typeof code === 'string' ? { code, extensions: extensions ?? {} } : null;
}

function home(viewer: Viewer) {
  return { href: HOME_OF[viewer.kind], label: 'Retour à l’accueil' };
}

/** Back to the meeting: the teacher's booking on this slot, or the company's meetings. */
async function backTo(deps: PageDeps, viewer: Viewer, slotId: number) {
  if (viewer.kind === 'recruiter') return { href: ROUTES.meetingsCompany, label: 'Retour à mes créneaux' };
  const meeting = viewer.kind === 'teacher' ? await liveMeetingOfTeacher(deps.db, slotId, viewer.id) : null;
  return meeting
    ? { href: `${ROUTES.meetingDetailsTeacher}?id=${meeting.id}`, label: 'Retour au rendez-vous' }
    : home(viewer);
}
