import { and, eq } from 'drizzle-orm';
import { CLASS_MESSAGES } from '../../common/classes.ts';
import type { DbOrTx } from '../../db/client.ts';
import { meetings } from '../../db/schema/meetings.ts';
import { findOwnGroup } from '../classes/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError, invalidInput } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { isMeetingTeacher, requireKind } from '../permissions.ts';
import { findMeetingFact } from './facts.ts';
import { type MeetingView, meetingView } from './views.ts';

/**
 * The group a teacher files a meeting in, checked: none (null or absent), or one of their own groups.
 * Someone else's group is as unknown as a missing one: BAD_USER_INPUT on `groupId`, so that a form says it
 * under its « Groupe » field. Shared by the booking, `assignMeetingToGroup` and `changeBooking`.
 */
export async function ownGroupIdOrNull(
  db: DbOrTx,
  teacherId: number,
  groupId: number | null | undefined,
): Promise<number | null> {
  if (groupId === null || groupId === undefined) return null;
  const group = await findOwnGroup(db, teacherId, groupId);
  if (!group) throw invalidInput({ groupId: CLASS_MESSAGES.unknownGroup });
  return group.id;
}

/** Writes a meeting's group (already checked by `ownGroupIdOrNull`); false when the meeting is not the teacher's. */
export async function writeMeetingGroup(
  db: DbOrTx,
  { meetingId, teacherId, groupId }: { meetingId: number; teacherId: number; groupId: number | null },
): Promise<boolean> {
  const updated = await db
    .update(meetings)
    .set({ groupId })
    .where(and(eq(meetings.id, meetingId), eq(meetings.teacherId, teacherId)))
    .returning({ id: meetings.id });
  return updated.length > 0;
}

/**
 * `assignMeetingToGroup`: the meeting's teacher files it in one of their groups, or takes it out of its
 * group (`groupId` null), whatever its status: a past or cancelled meeting can be filed too (only held
 * ones count). NOT_FOUND for anyone else's meeting; BAD_USER_INPUT for a group that is not theirs.
 */
export async function assignMeetingToGroup(
  viewer: Viewer | null,
  input: { meetingId: number; groupId?: number | null | undefined },
  deps: Pick<Deps, 'db' | 'clock'>,
): Promise<MeetingView> {
  const teacher = requireKind(viewer, 'teacher');
  const meeting = await findMeetingFact(deps.db, input.meetingId);
  if (!meeting || !isMeetingTeacher(teacher, meeting)) throw new AppError('NOT_FOUND');
  const groupId = await ownGroupIdOrNull(deps.db, teacher.id, input.groupId);
  if (!(await writeMeetingGroup(deps.db, { meetingId: meeting.id, teacherId: teacher.id, groupId }))) {
    throw new AppError('NOT_FOUND');
  }
  return meetingView({ ...meeting, groupId }, teacher, deps.clock.now());
}
