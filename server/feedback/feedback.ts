import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { FeedbackInput } from '../../common/feedback.ts';
import { ROUTES } from '../../common/routes.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { feedback } from '../../db/schema/feedback.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { type MeetingDetailsView, meetingDetailsFor } from '../meeting-page/index.ts';
import {
  findMeetingFact,
  type MeetingListInput,
  type MeetingView,
  meetingList,
  meetingListIds,
  meetingRefOf,
  meetingView,
  meetingViewFor,
  meetingViewsOf,
} from '../meetings/index.ts';
import { canGiveFeedback, canSeeMeeting, requireKind } from '../permissions.ts';

export type FeedbackRow = typeof feedback.$inferSelect;

export const submitFeedbackSchema = z.object({ meetingId: z.coerce.number().int().positive() });

/**
 * Whether the teacher is asked for their opinion (the invitation, the reminder, the home page's card, the
 * "Donner mon avis" action): the meeting is done, it was not cancelled, the group came, and they have not
 * answered yet.
 */
export function isFeedbackDue(
  meeting: { status: string; endsAt: Date; absentAt: Date | null },
  answered: boolean,
  now: Date,
): boolean {
  return (
    meeting.status !== 'cancelled' &&
    meeting.endsAt.getTime() <= now.getTime() &&
    meeting.absentAt === null &&
    !answered
  );
}

/**
 * The meeting's teacher answers its questionnaire, once the meeting is over (PRODUCT.md, After the
 * meeting). Once per meeting: one conditional insert, so two answers sent together give one row and
 * `feedback_already_given` to the other.
 */
export async function submitFeedback(
  viewer: Viewer | null,
  input: FeedbackInput & { meetingId: number },
  deps: Deps,
): Promise<FeedbackRow & { meeting: MeetingView }> {
  const teacher = requireKind(viewer, 'teacher');
  const meeting = await findMeetingFact(deps.db, input.meetingId);
  if (!meeting || !canGiveFeedback(teacher, meeting)) throw new AppError('NOT_FOUND');
  const now = deps.clock.now();
  if (meeting.status === 'cancelled' || meeting.endsAt.getTime() > now.getTime()) {
    throw new AppError('meeting_not_done');
  }
  const [row] = await deps.db
    .insert(feedback)
    .values({
      meetingId: meeting.id,
      organisation: input.organisation,
      matching: input.matching,
      engagement: input.engagement,
      liked: input.liked ?? null,
      suggestions: input.suggestions ?? null,
      createdAt: now,
    })
    .onConflictDoNothing({ target: feedback.meetingId })
    .returning();
  if (!row) throw new AppError('feedback_already_given');
  return { ...row, meeting: meetingView(meeting, teacher, now) };
}

async function feedbackByMeeting(db: DbOrTx, meetingIds: number[]): Promise<Map<number, FeedbackRow>> {
  if (meetingIds.length === 0) return new Map();
  const rows = await db.select().from(feedback).where(inArray(feedback.meetingId, meetingIds));
  return new Map(rows.map((row) => [row.meetingId, row]));
}

/** A meeting's answers, for whoever sees the meeting (its teacher, its company, the operators). */
export async function feedbackOfMeeting(
  viewer: Viewer | null,
  meeting: MeetingView,
  deps: Deps,
): Promise<FeedbackRow | null> {
  if (!canSeeMeeting(viewer, meetingRefOf(meeting))) return null;
  return (await feedbackByMeeting(deps.db, [meeting.id])).get(meeting.id) ?? null;
}

/** Whether the meeting waits for its teacher's answers (`Meeting.feedbackDue`), as the pages say it. */
export async function feedbackDueOf(viewer: Viewer | null, meeting: MeetingView, deps: Deps) {
  if (!canSeeMeeting(viewer, meetingRefOf(meeting))) return false;
  const [shaped] = await withFeedback([meeting], deps);
  return shaped?.feedbackDue ?? false;
}

/** The answers as the pages show them. */
export interface FeedbackView {
  organisation: number;
  matching: number;
  engagement: number;
  liked: string | null;
  suggestions: string | null;
  createdAt: string;
}

export function feedbackView(row: FeedbackRow): FeedbackView {
  return {
    organisation: row.organisation,
    matching: row.matching,
    engagement: row.engagement,
    liked: row.liked,
    suggestions: row.suggestions,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What a meeting's card and page say of its questionnaire. */
export interface FeedbackState {
  feedback: FeedbackView | null;
  /** Its teacher is asked to answer: the "Donner mon avis" action. */
  feedbackDue: boolean;
  feedbackUrl: string;
}

async function withFeedback<V extends MeetingView>(views: V[], deps: Deps): Promise<(V & FeedbackState)[]> {
  const answers = await feedbackByMeeting(
    deps.db,
    views.map((view) => view.id),
  );
  const now = deps.clock.now();
  return views.map((view) => withAnswer(view, answers.get(view.id), now));
}

/** A meeting's card or page with its questionnaire: the answers given, if any, and whether they are due. */
function withAnswer<V extends MeetingView>(
  view: V,
  answer: FeedbackRow | undefined,
  now: Date,
): V & FeedbackState {
  const due = isFeedbackDue(
    { status: view.status, endsAt: new Date(view.endsAt), absentAt: view.absent ? now : null },
    answer !== undefined,
    now,
  );
  return {
    ...view,
    feedback: answer ? feedbackView(answer) : null,
    feedbackDue: due,
    feedbackUrl: ROUTES.feedback(view.id),
  };
}

/**
 * The meetings pages' list, with each meeting's questionnaire (meetings' `meetingViewsFor`): the answers
 * are read by the list's ids in the same turn as the list, so both go in one round trip on Workers
 * (docs/decisions/0073).
 */
export async function meetingsWithFeedback(viewer: Viewer | null, input: MeetingListInput, deps: Deps) {
  const list = meetingList(viewer, input, deps.clock.now());
  if (!list) return [];
  const answersOfList = preparedOn(deps.db, `feedbackOfMeetingList:${list.shape}`, (db) =>
    db
      .select()
      .from(feedback)
      .where(inArray(feedback.meetingId, meetingListIds(db, list)))
      .prepare(),
  );
  const [views, answers] = await Promise.all([meetingViewsOf(list, deps), answersOfList.all(list.values)]);
  const byMeeting = new Map(answers.map((row) => [row.meetingId, row]));
  return views.map((view) => withAnswer(view, byMeeting.get(view.id), list.now));
}

/** A meeting's details page, with its questionnaire; null when the viewer may not see it (a 404). */
export async function meetingDetailsWithFeedback(
  viewer: Viewer | null,
  id: number,
  deps: Deps,
): Promise<(MeetingDetailsView & FeedbackState) | null> {
  const view = await meetingDetailsFor(viewer, id, deps);
  if (!view) return null;
  const [shaped] = await withFeedback([view], deps);
  return shaped ?? null;
}

/** What `/feedback/{meetingId}` shows: the form, the answers already given, or why there is none. */
export type FeedbackPage =
  | { state: 'open'; meeting: MeetingView }
  | { state: 'given'; meeting: MeetingView; feedback: FeedbackView }
  | { state: 'notDone' | 'cancelled'; meeting: MeetingView };

/** The questionnaire's page, for the meeting's teacher only; null for anyone else (a 404). */
export async function feedbackPageFor(
  viewer: Viewer | null,
  meetingId: number,
  deps: Deps,
): Promise<FeedbackPage | null> {
  const meeting = await meetingViewFor(viewer, meetingId, deps);
  if (!meeting || viewer?.kind !== 'teacher') return null;
  if (meeting.status === 'cancelled') return { state: 'cancelled', meeting };
  if (new Date(meeting.endsAt).getTime() > deps.clock.now().getTime()) return { state: 'notDone', meeting };
  const answer = (await feedbackByMeeting(deps.db, [meeting.id])).get(meeting.id);
  return answer ? { state: 'given', meeting, feedback: feedbackView(answer) } : { state: 'open', meeting };
}

/** How many past meetings `meetingsAwaitingFeedback` reads at a time. */
const AWAITING_BATCH = 20;

/** The teacher's meetings that wait for their answers, latest first: the home page's invitation. */
export async function meetingsAwaitingFeedback(
  viewer: Viewer | null,
  input: { limit: number },
  deps: Deps,
): Promise<(MeetingView & FeedbackState)[]> {
  if (viewer?.kind !== 'teacher') return [];
  // Read in batches, latest first, until enough wait: a teacher with years of meetings answered most of
  // them, and the home page asks for three (the whole list was 117 meetings read for each home page). The
  // first batch is what is asked: the latest meetings are the ones most often still unanswered.
  const due: (MeetingView & FeedbackState)[] = [];
  let batch = input.limit;
  for (let offset = 0; due.length < input.limit; offset += batch, batch = AWAITING_BATCH) {
    const past = await meetingsWithFeedback(
      viewer,
      { period: 'past', standingOnly: true, limit: batch, offset },
      deps,
    );
    due.push(...past.filter((meeting) => meeting.feedbackDue));
    if (past.length < batch) break;
  }
  return due.slice(0, input.limit);
}
