import { and, eq, isNull, ne } from 'drizzle-orm';
import { z } from 'zod';
import { MEETING_TYPE_LABELS, type MeetingType } from '../../common/constants.ts';
import type { MeetingLinkAction, MeetingSide } from '../../common/meetings.ts';
import { meetingPlace } from '../../common/meetings.ts';
import { cancelMeetingSchema } from '../../common/slots.ts';
import { meetings } from '../../db/schema/meetings.ts';
import { findUserById } from '../accounts/index.ts';
import { hasBuiltInRoom } from '../kernel/config.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { confirmingSideOf } from '../permissions.ts';
import { type LinkPurpose, verifyLink } from '../signed-links.ts';
import { findMeetingFact, type MeetingFact } from './facts.ts';
import { cancelMeeting } from './meetings.ts';
import type { MeetingView } from './views.ts';

/*
 * A reminder's « Je confirme » and « Je ne peux plus venir » (docs/decisions/0040): a signed token names
 * the meeting (subject), who acts (actor) and until when (the start). Nothing is stored of the link: whether
 * it was used is read from the meeting (confirmed, cancelled).
 */

const PURPOSES: Record<MeetingLinkAction, LinkPurpose> = {
  confirm: 'meeting-confirm',
  release: 'meeting-release',
};

export const meetingLinkInputSchema = z.object({ token: z.string().min(1).max(512) });
export const releaseLinkInputSchema = meetingLinkInputSchema.and(cancelMeetingSchema);

interface ResolvedLink {
  action: MeetingLinkAction;
  meeting: MeetingFact;
  /** The person the link acts for, as the permissions module knows people. */
  actor: Viewer;
  side: MeetingSide;
}

/**
 * Who a link acts for: its actor if still on the platform and still one of the meeting's sides (a
 * recruiter who left the company, a deleted account: the link no longer acts). Not a session: nothing is
 * signed in, the viewer lives for this one action.
 */
async function actorOf(deps: Deps, actorId: number): Promise<Viewer | null> {
  const user = await findUserById(deps.db, actorId);
  if (!user || user.anonymizedAt || user.kind === 'admin') return null;
  return {
    id: user.id,
    kind: user.kind,
    companyId: user.companyId,
    firstName: user.firstName,
    lastName: user.lastName,
    sessionId: '',
    regionCode: null,
  };
}

/** Reads the token for one action, or for either when `action` is not given; throws the catalogue's errors. */
async function resolveLink(
  token: string,
  action: MeetingLinkAction | undefined,
  deps: Deps,
): Promise<ResolvedLink> {
  const now = deps.clock.now();
  const actions: MeetingLinkAction[] = action ? [action] : ['confirm', 'release'];
  let wrongPurpose = false;
  for (const candidate of actions) {
    const check = verifyLink(deps.config.JWT_SECRET, token, PURPOSES[candidate], now);
    if (!check.ok) {
      if (check.reason === 'expired') throw new AppError('link_expired');
      if (check.reason === 'wrong-purpose') wrongPurpose = true;
      if (check.reason === 'invalid') throw new AppError('invalid_link');
      continue;
    }
    const meeting = await findMeetingFact(deps.db, check.link.subject);
    const actor = check.link.actor ? await actorOf(deps, check.link.actor) : null;
    const side = actor && meeting ? confirmingSideOf(actor, meeting) : null;
    if (!meeting || !actor || !side) throw new AppError('invalid_link');
    // A cancelled meeting says so (meeting_already_cancelled, or the page's « cancelled »), started or not.
    if (meeting.status !== 'cancelled' && meeting.startsAt.getTime() <= deps.clock.now().getTime()) {
      throw new AppError('link_expired');
    }
    return { action: candidate, meeting, actor, side };
  }
  throw new AppError(wrongPurpose ? 'link_wrong_purpose' : 'invalid_link');
}

/** What the link's page shows: what the link does, the meeting, and whether there is still something to do. */
export interface MeetingLinkView {
  action: MeetingLinkAction;
  side: MeetingSide;
  /** open: the button acts; confirmed: this side already confirmed; cancelled: the meeting is cancelled. */
  state: 'open' | 'confirmed' | 'cancelled';
  companyName: string;
  /** The group's establishment, for the company's side. */
  establishmentName: string | null;
  meetingType: MeetingType;
  meetingTypeLabel: string;
  participantsCount: number;
  startsAt: string;
  timeZone: string;
  place: string | null;
  /** This side's confirmation, ISO. */
  confirmedAt: string | null;
  cancelledAt: string | null;
}

export type MeetingLinkPage = { ok: true; link: MeetingLinkView } | { ok: false; message: string };

function viewOf(link: ResolvedLink, publicUrl: string, builtInRoom: boolean): MeetingLinkView {
  const { meeting, side } = link;
  const confirmedAt = side === 'teacher' ? meeting.teacherConfirmedAt : meeting.companyConfirmedAt;
  const state =
    meeting.status === 'cancelled'
      ? 'cancelled'
      : link.action === 'confirm' && confirmedAt
        ? 'confirmed'
        : 'open';
  return {
    action: link.action,
    side,
    state,
    companyName: meeting.companyName,
    establishmentName: meeting.establishmentName,
    meetingType: meeting.meetingType,
    meetingTypeLabel: MEETING_TYPE_LABELS[meeting.meetingType],
    participantsCount: meeting.participantsCount,
    startsAt: meeting.startsAt.toISOString(),
    timeZone: meeting.timeZone,
    place: meetingPlace(meeting, publicUrl, builtInRoom),
    confirmedAt: confirmedAt?.toISOString() ?? null,
    cancelledAt: meeting.cancelledAt?.toISOString() ?? null,
  };
}

/**
 * The page of a reminder's link (GET): it says what the link will do, and never does it (mail software
 * opens links). A bad, expired or foreign link is a French message, not an error page.
 */
export async function meetingLinkPage(token: string, deps: Deps): Promise<MeetingLinkPage> {
  try {
    const link = await resolveLink(token, undefined, deps);
    return { ok: true, link: viewOf(link, deps.config.PUBLIC_URL, hasBuiltInRoom(deps)) };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * « Je confirme »: the link's side says it will be there — when, and for the company which recruiter. A
 * moved meeting the teacher confirms is kept (as `keepMeeting`). Confirming again changes nothing and
 * answers the first confirmation.
 */
export async function confirmMeetingFromLink(
  input: { token: string },
  deps: Deps,
): Promise<{ confirmedAt: Date; alreadyConfirmed: boolean }> {
  const link = await resolveLink(input.token, 'confirm', deps);
  const now = deps.clock.now();
  const { meeting, side, actor } = link;
  if (meeting.status === 'cancelled') throw new AppError('meeting_already_cancelled');
  const [updated] = await deps.db
    .update(meetings)
    .set(
      side === 'teacher'
        ? { teacherConfirmedAt: now, status: 'confirmed' }
        : { companyConfirmedAt: now, companyConfirmedBy: actor.id },
    )
    .where(
      and(
        eq(meetings.id, meeting.id),
        ne(meetings.status, 'cancelled'),
        side === 'teacher' ? isNull(meetings.teacherConfirmedAt) : isNull(meetings.companyConfirmedAt),
      ),
    )
    .returning({ id: meetings.id });
  if (updated) return { confirmedAt: now, alreadyConfirmed: false };
  const current = await findMeetingFact(deps.db, meeting.id);
  if (!current || current.status === 'cancelled') throw new AppError('meeting_already_cancelled');
  const confirmedAt = side === 'teacher' ? current.teacherConfirmedAt : current.companyConfirmedAt;
  if (!confirmedAt) throw new Error(`meeting ${meeting.id}: confirmation neither written nor found`);
  return { confirmedAt, alreadyConfirmed: true };
}

/**
 * « Je ne peux plus venir »: the link's side cancels the meeting through the cancellation use case, as
 * itself, with its usual e-mails to both sides; the seats go back to the slot. A teacher frees their
 * group's seats; a company cancels the group's meeting (the rule that lets either side cancel before the
 * start). Used again: the meeting is already cancelled, which the answer says.
 */
export async function releaseMeetingFromLink(
  input: { token: string; reason?: string | undefined },
  deps: Deps,
): Promise<MeetingView> {
  const link = await resolveLink(input.token, 'release', deps);
  if (link.meeting.status === 'cancelled') throw new AppError('meeting_already_cancelled');
  try {
    return await cancelMeeting(link.actor, { id: link.meeting.id, reason: input.reason }, deps);
  } catch (error) {
    // Cancelled or started between the read and the write.
    if (error instanceof AppError && error.code === 'meeting_not_cancellable') {
      const current = await findMeetingFact(deps.db, link.meeting.id);
      throw new AppError(current?.status === 'cancelled' ? 'meeting_already_cancelled' : 'link_expired');
    }
    throw error;
  }
}
