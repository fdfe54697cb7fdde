import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { feedback, meetingFeedback } from '../../db/schema/feedback.ts';

/** A teacher's answers to the questionnaires, for « Mes données » (docs/decisions/0098). */
export async function feedbackPersonalData(db: DbOrTx, teacherId: number) {
  return db
    .select({
      rendezVous: meetingFeedback.meetingId,
      entreprise: meetingFeedback.companyName,
      date: meetingFeedback.startsAt,
      organisation: meetingFeedback.organisation,
      adequation: meetingFeedback.matching,
      implication: meetingFeedback.engagement,
      ceQuiAPlu: meetingFeedback.liked,
      suggestions: meetingFeedback.suggestions,
      reponduLe: meetingFeedback.feedbackCreatedAt,
    })
    .from(meetingFeedback)
    .where(and(eq(meetingFeedback.teacherId, teacherId), isNotNull(meetingFeedback.feedbackId)))
    .orderBy(desc(meetingFeedback.startsAt));
}

/**
 * Forgetting a teacher (docs/decisions/0098): what they wrote in their answers goes; the ratings stay,
 * attached to the anonymous account, for the companies' and the operators' averages.
 */
export async function eraseFeedbackTextsOf(tx: DbOrTx, teacherId: number): Promise<void> {
  const answered = await tx
    .select({ meetingId: meetingFeedback.meetingId })
    .from(meetingFeedback)
    .where(and(eq(meetingFeedback.teacherId, teacherId), isNotNull(meetingFeedback.feedbackId)));
  if (answered.length === 0) return;
  await tx
    .update(feedback)
    .set({ liked: null, suggestions: null })
    .where(
      inArray(
        feedback.meetingId,
        answered.map((row) => row.meetingId),
      ),
    );
}
