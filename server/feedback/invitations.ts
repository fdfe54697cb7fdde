import { and, asc, eq, gt, isNull, lte, ne, notExists } from 'drizzle-orm';
import { MEETING_TYPE_LABELS } from '../../common/constants.ts';
import { FEEDBACK_REMINDER_AFTER_DAYS } from '../../common/feedback.ts';
import { ROUTES } from '../../common/routes.ts';
import { feedback, feedbackInvitations, meetingFeedback } from '../../db/schema/feedback.ts';
import type { Deps } from '../kernel/context.ts';
import { enqueueMail } from '../mail/index.ts';
import { type FeedbackMail, feedbackMails } from './mails.ts';

const DAY_MS = 86_400_000;

/**
 * Meetings done longer ago than this are not invited: the first run on a platform with a history, or a
 * scheduler that stopped for a while, does not e-mail teachers about meetings long past.
 */
export const INVITATION_WINDOW_DAYS = 7;
/** A reminder not sent within this many days after it was due is not sent at all. */
export const REMINDER_WINDOW_DAYS = 7;

type Candidate = typeof meetingFeedback.$inferSelect;

function mailOf(meeting: Candidate, publicUrl: string): FeedbackMail {
  return {
    firstName: meeting.teacherFirstName,
    companyName: meeting.companyName,
    meetingTypeLabel: MEETING_TYPE_LABELS[meeting.meetingType],
    startsAt: meeting.startsAt.toISOString(),
    timeZone: meeting.timeZone,
    feedbackUrl: `${publicUrl}${ROUTES.feedback(meeting.meetingId)}`,
  };
}

/** Questionnaires still asked for: the meeting stands, the group came, the teacher's account is there. */
const stillAsked = and(
  ne(meetingFeedback.status, 'cancelled'),
  isNull(meetingFeedback.absentAt),
  isNull(meetingFeedback.feedbackId),
  isNull(meetingFeedback.teacherAnonymizedAt),
);

/**
 * Sends each candidate's e-mail in a transaction of its own with the row that records it, written only if
 * absent: a rerun, a second scheduler or a crash halfway then a rerun sends each e-mail once. A meeting
 * that fails is logged and left for the next run; the others go on.
 */
async function sendEach(
  deps: Deps,
  candidates: Candidate[],
  record: (
    tx: Parameters<Parameters<Deps['db']['transaction']>[0]>[0],
    meeting: Candidate,
  ) => Promise<boolean>,
  job: string,
) {
  let sent = 0;
  let failed = 0;
  for (const meeting of candidates) {
    try {
      if (await deps.db.transaction((tx) => record(tx, meeting))) sent++;
    } catch (error) {
      failed++;
      deps.log.error('feedback e-mail not queued', {
        job,
        meetingId: meeting.meetingId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { candidates: candidates.length, sent, failed };
}

/**
 * When a meeting is done, its teacher is invited to the questionnaire (PRODUCT.md, After the meeting):
 * every meeting that ended within INVITATION_WINDOW_DAYS, still asked and not yet invited.
 */
export async function sendFeedbackInvitations(deps: Deps) {
  const now = deps.clock.now();
  const candidates = await deps.db
    .select()
    .from(meetingFeedback)
    .where(
      and(
        stillAsked,
        isNull(meetingFeedback.invitedAt),
        lte(meetingFeedback.endsAt, now),
        gt(meetingFeedback.endsAt, new Date(now.getTime() - INVITATION_WINDOW_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(meetingFeedback.endsAt), asc(meetingFeedback.meetingId));
  return sendEach(
    deps,
    candidates,
    async (tx, meeting) => {
      const [invited] = await tx
        .insert(feedbackInvitations)
        .values({ meetingId: meeting.meetingId, invitedAt: now })
        .onConflictDoNothing()
        .returning({ meetingId: feedbackInvitations.meetingId });
      if (!invited) return false;
      await enqueueMail(
        tx,
        feedbackMails.feedbackInvitation,
        {
          to: meeting.teacherEmail,
          data: mailOf(meeting, deps.config.PUBLIC_URL),
        },
        now,
      );
      return true;
    },
    'feedback-invitations',
  );
}

/**
 * One reminder, FEEDBACK_REMINDER_AFTER_DAYS after the invitation, to a teacher who has not answered;
 * none after that.
 */
export async function sendFeedbackReminders(deps: Deps) {
  const now = deps.clock.now();
  const due = now.getTime() - FEEDBACK_REMINDER_AFTER_DAYS * DAY_MS;
  const candidates = await deps.db
    .select()
    .from(meetingFeedback)
    .where(
      and(
        stillAsked,
        isNull(meetingFeedback.remindedAt),
        lte(meetingFeedback.invitedAt, new Date(due)),
        gt(meetingFeedback.invitedAt, new Date(due - REMINDER_WINDOW_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(meetingFeedback.invitedAt), asc(meetingFeedback.meetingId));
  return sendEach(
    deps,
    candidates,
    async (tx, meeting) => {
      const [reminded] = await tx
        .update(feedbackInvitations)
        .set({ remindedAt: now })
        .where(
          and(
            eq(feedbackInvitations.meetingId, meeting.meetingId),
            isNull(feedbackInvitations.remindedAt),
            // Answered since the candidates were read: no reminder.
            notExists(tx.select().from(feedback).where(eq(feedback.meetingId, meeting.meetingId))),
          ),
        )
        .returning({ meetingId: feedbackInvitations.meetingId });
      if (!reminded) return false;
      await enqueueMail(
        tx,
        feedbackMails.feedbackReminder,
        {
          to: meeting.teacherEmail,
          data: mailOf(meeting, deps.config.PUBLIC_URL),
        },
        now,
      );
      return true;
    },
    'feedback-reminders',
  );
}
