import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { ROUTES } from '../../common/routes.ts';
import { meetings } from '../../db/schema/meetings.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { enqueueMail } from '../mail/index.ts';
import { canMarkAbsent, canSeeMeeting, requireKind } from '../permissions.ts';
import { findMeetingFact } from './facts.ts';
import { meetingMails } from './mail-templates.ts';
import { absenceOpen, type MeetingView, meetingView } from './views.ts';

export const markAbsentSchema = z.object({ meetingId: z.coerce.number().int().positive() });

/**
 * The company says a booked group did not come (a no-show), once the meeting is over and for
 * ABSENCE_WINDOW_DAYS after: stored for the statistics, and the teacher is told, in one transaction.
 * Saying it again changes nothing and tells no one twice.
 */
export async function markAbsent(
  viewer: Viewer | null,
  input: { meetingId: number },
  deps: Deps,
): Promise<MeetingView> {
  const recruiter = requireKind(viewer, 'recruiter');
  const now = deps.clock.now();
  const meeting = await deps.db.transaction(async (tx) => {
    const found = await findMeetingFact(tx, input.meetingId);
    if (!found || !canSeeMeeting(recruiter, found)) throw new AppError('NOT_FOUND');
    if (!canMarkAbsent(recruiter, found)) throw new AppError('FORBIDDEN');
    if (found.status === 'cancelled' || found.endsAt.getTime() > now.getTime()) {
      throw new AppError('meeting_not_done');
    }
    if (!absenceOpen(found, now)) throw new AppError('absence_window_closed');
    const marked = await tx
      .update(meetings)
      .set({ absentAt: now, absentMarkedBy: recruiter.id })
      .where(and(eq(meetings.id, found.id), isNull(meetings.absentAt)))
      .returning({ id: meetings.id });
    if (marked.length > 0) {
      await enqueueMail(
        tx,
        meetingMails.meetingMarkedAbsent,
        {
          to: found.teacherEmail,
          data: {
            firstName: found.teacherFirstName,
            companyName: found.companyName,
            companyPhone: found.companyPhone,
            startsAt: found.startsAt.toISOString(),
            timeZone: found.timeZone,
            detailsUrl: `${deps.config.PUBLIC_URL}${ROUTES.meetingDetailsTeacher}?id=${found.id}`,
          },
        },
        now,
      );
    }
    return findMeetingFact(tx, found.id);
  });
  if (!meeting) throw new Error(`meeting ${input.meetingId} vanished while marked absent`);
  return meetingView(meeting, recruiter, now);
}
