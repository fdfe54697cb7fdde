import { and, desc, eq, gte, inArray, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { FEEDBACK_CRITERIA, FEEDBACK_RATINGS, type FeedbackCriterion } from '../../common/feedback.ts';
import { ROUTES } from '../../common/routes.ts';
import type { DbOrTx } from '../../db/client.ts';
import { feedback, meetingFeedback } from '../../db/schema/feedback.ts';
import { frenchOrder } from '../../db/text-search.ts';
import { companyIdsIn, companyRowById } from '../companies/index.ts';
import type { Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { canSeeFeedbackReport, operatorArea, requireViewer } from '../permissions.ts';

export const feedbackReportSchema = z.object({
  companyId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish(),
});
export const feedbackItemsSchema = z.object({ limit: z.number().int().min(1).max(500).default(50) });

/**
 * Whose answers a report covers: one company, or every company (null, the operators only) — a regional
 * operator's being their region's companies (`companyIds`).
 */
export type FeedbackScope = { companyId: number | null; companyIds?: number[] };

/**
 * The report's scope for the viewer (API.md: recruiter, their own company; admin, one company or all).
 * A recruiter naming another company is told it does not exist; anyone else is refused.
 */
export async function feedbackScopeFor(
  viewer: Viewer | null,
  companyId: number | null | undefined,
  deps: Deps,
): Promise<FeedbackScope> {
  const caller = requireViewer(viewer);
  if (caller.kind === 'recruiter') {
    const own = companyId ?? caller.companyId;
    if (own === null || !canSeeFeedbackReport(caller, { id: own, departmentCode: null })) {
      throw new AppError('NOT_FOUND');
    }
    return { companyId: own };
  }
  if (caller.kind !== 'admin') throw new AppError('FORBIDDEN');
  if (companyId) {
    // Another region's company is answered as one that does not exist.
    const company = await companyRowById(deps.db, companyId);
    if (!company || !canSeeFeedbackReport(caller, company)) throw new AppError('NOT_FOUND');
    return { companyId };
  }
  const area = operatorArea(caller);
  if (area === undefined) return { companyId: null };
  return { companyId: null, companyIds: await companyIdsIn(deps.db, area) };
}

/** Every company's answers, read from the answers alone. */
const everyCompany = (scope: FeedbackScope) => scope.companyId === null && scope.companyIds === undefined;

export function answeredIn(scope: FeedbackScope): SQL | undefined {
  return and(
    isNotNull(meetingFeedback.feedbackId),
    scope.companyId === null ? undefined : eq(meetingFeedback.companyId, scope.companyId),
    scope.companyIds === undefined ? undefined : inArray(meetingFeedback.companyId, scope.companyIds),
  );
}

export interface FeedbackSummary {
  count: number;
  /** Null while there is no answer. */
  averages: Record<FeedbackCriterion, number> | null;
  /** How many answers gave 1, 2, 3 and 4, per criterion. */
  distribution: Record<FeedbackCriterion, [number, number, number, number]>;
}

/**
 * Count, averages and distribution of the scope's answers, in one query. Every company's are read from the
 * answers alone (the view would walk every meeting: 120 ms for 34,000 answers, against 10 ms); one
 * company's through the view, which reaches them by the company's slots.
 */
export async function feedbackSummary(db: DbOrTx, scope: FeedbackScope): Promise<FeedbackSummary> {
  const fromAnswers = everyCompany(scope);
  const columns = fromAnswers
    ? { organisation: feedback.organisation, matching: feedback.matching, engagement: feedback.engagement }
    : {
        organisation: meetingFeedback.organisation,
        matching: meetingFeedback.matching,
        engagement: meetingFeedback.engagement,
      };
  const selection: Record<string, SQL<number | null>> = { count: sql<number>`count(*)` };
  for (const criterion of FEEDBACK_CRITERIA) {
    selection[`${criterion}Average`] = sql<number | null>`avg(${columns[criterion]})`;
    for (const rating of FEEDBACK_RATINGS) {
      selection[`${criterion}${rating}`] = sql<number>`coalesce(sum(${columns[criterion]} = ${rating}), 0)`;
    }
  }
  const [row] = fromAnswers
    ? await db.select(selection).from(feedback)
    : await db.select(selection).from(meetingFeedback).where(answeredIn(scope));
  const value = (key: string) => Number(row?.[key] ?? 0);
  const count = value('count');
  const perCriterion = <T>(of: (criterion: FeedbackCriterion) => T) =>
    Object.fromEntries(FEEDBACK_CRITERIA.map((criterion) => [criterion, of(criterion)])) as Record<
      FeedbackCriterion,
      T
    >;
  return {
    count,
    averages: count === 0 ? null : perCriterion((criterion) => value(`${criterion}Average`)),
    distribution: perCriterion(
      (criterion) =>
        FEEDBACK_RATINGS.map((rating) => value(`${criterion}${rating}`)) as [number, number, number, number],
    ),
  };
}

export type FeedbackItemRow = typeof meetingFeedback.$inferSelect;

/** The scope's answers, latest first (every company's: the latest answers picked first, then read). */
export function feedbackItems(db: DbOrTx, scope: FeedbackScope, limit: number): Promise<FeedbackItemRow[]> {
  const latest = desc(meetingFeedback.feedbackCreatedAt);
  if (!everyCompany(scope)) {
    return db
      .select()
      .from(meetingFeedback)
      .where(answeredIn(scope))
      .orderBy(latest, desc(meetingFeedback.feedbackId))
      .limit(limit);
  }
  // By the meetings' ids, which the view reaches by their key; its answers' ids it would look for in every meeting.
  const picked = db
    .select({ id: feedback.meetingId })
    .from(feedback)
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(limit);
  return db
    .select()
    .from(meetingFeedback)
    .where(inArray(meetingFeedback.meetingId, picked))
    .orderBy(latest, desc(meetingFeedback.feedbackId));
}

/** `feedbackReport`: the scope, and what the API reads of it. */
export async function feedbackReport(
  viewer: Viewer | null,
  input: { companyId?: number | null | undefined },
  deps: Deps,
): Promise<FeedbackScope & FeedbackSummary> {
  const scope = await feedbackScopeFor(viewer, input.companyId, deps);
  return { ...scope, ...(await feedbackSummary(deps.db, scope)) };
}

/** One answer as the results show it, with its meeting. */
export interface FeedbackItemView {
  id: number;
  organisation: number;
  matching: number;
  engagement: number;
  liked: string | null;
  suggestions: string | null;
  createdAt: string;
  meeting: {
    id: number;
    companyName: string;
    meetingType: FeedbackItemRow['meetingType'];
    startsAt: string;
    endsAt: string;
    timeZone: string;
    teacherName: string;
    establishmentName: string | null;
    participantsCount: number;
    /** Its details page, for its company's recruiters; null for the operators. */
    detailsUrl: string | null;
  };
}

/** How many answers the results pages list; the CSV has them all. */
export const FEEDBACK_PAGE_ITEMS = 20;

/** The results as a company's page and the operators' page show them, with the export's address. */
export async function feedbackResultsFor(
  viewer: Viewer | null,
  input: { companyId?: number | null | undefined },
  deps: Deps,
) {
  const scope = await feedbackScopeFor(viewer, input.companyId, deps);
  const [summary, rows] = await Promise.all([
    feedbackSummary(deps.db, scope),
    feedbackItems(deps.db, scope, FEEDBACK_PAGE_ITEMS),
  ]);
  const ownCompany = viewer?.kind === 'recruiter';
  const items = rows.map(
    (row): FeedbackItemView => ({
      id: row.feedbackId ?? 0,
      organisation: row.organisation ?? 0,
      matching: row.matching ?? 0,
      engagement: row.engagement ?? 0,
      liked: row.liked,
      suggestions: row.suggestions,
      createdAt: row.feedbackCreatedAt?.toISOString() ?? '',
      meeting: {
        id: row.meetingId,
        companyName: row.companyName,
        meetingType: row.meetingType,
        startsAt: row.startsAt.toISOString(),
        endsAt: row.endsAt.toISOString(),
        timeZone: row.timeZone,
        teacherName: `${row.teacherFirstName} ${row.teacherLastName}`,
        establishmentName: row.establishmentName,
        participantsCount: row.participantsCount,
        detailsUrl: ownCompany ? `${ROUTES.meetingDetailsCompany}?id=${row.meetingId}` : null,
      },
    }),
  );
  const exportUrl =
    scope.companyId !== null && !ownCompany
      ? `${ROUTES.feedbackExport}?companyId=${scope.companyId}`
      : ROUTES.feedbackExport;
  return { ...summary, items, exportUrl };
}
export type FeedbackResults = Awaited<ReturnType<typeof feedbackResultsFor>>;

/** How many companies the operators' breakdown lists, those with the most answers first. */
export const FEEDBACK_COMPANIES_LISTED = 100;

/**
 * The operators' page: the results of every company or of one, and each company's count and averages, to
 * pick one.
 */
export async function feedbackOverviewFor(
  viewer: Viewer | null,
  input: { companyId?: number | null | undefined },
  deps: Deps,
) {
  if (!canSeeFeedbackReport(requireViewer(viewer), null)) throw new AppError('FORBIDDEN');
  const area = await feedbackScopeFor(viewer, null, deps);
  const [results, companies] = await Promise.all([
    feedbackResultsFor(viewer, input, deps),
    deps.db
      .select({
        companyId: meetingFeedback.companyId,
        companyName: meetingFeedback.companyName,
        count: sql<number>`count(*)`,
        organisation: sql<number>`avg(${meetingFeedback.organisation})`,
        matching: sql<number>`avg(${meetingFeedback.matching})`,
        engagement: sql<number>`avg(${meetingFeedback.engagement})`,
      })
      .from(meetingFeedback)
      .where(
        and(
          inArray(meetingFeedback.meetingId, deps.db.select({ id: feedback.meetingId }).from(feedback)),
          area.companyIds === undefined ? undefined : inArray(meetingFeedback.companyId, area.companyIds),
        ),
      )
      .groupBy(meetingFeedback.companyId)
      .orderBy(desc(sql`count(*)`), frenchOrder(meetingFeedback.companyName))
      .limit(FEEDBACK_COMPANIES_LISTED),
  ]);
  const selected = input.companyId ?? null;
  return {
    results,
    companies: companies.map((company) => ({
      ...company,
      count: Number(company.count),
      url: `${ROUTES.adminFeedback}?entreprise=${company.companyId}`,
    })),
    selected:
      selected === null ? null : (companies.find((c) => c.companyId === selected)?.companyName ?? null),
  };
}

/**
 * The questionnaires' averages for the meetings held in a period (slots that ended in [from, to)), of
 * these companies (an operator's area; all of France when absent): the statistics' satisfaction. Null
 * without any answer. Read from the answers, each reaching its meeting by its key.
 */
export async function satisfactionOfHeld(
  db: DbOrTx,
  filter: { from: Date; to: Date; companyIds?: number[] | undefined },
): Promise<{ answers: number; averages: Record<FeedbackCriterion, number> | null }> {
  if (filter.companyIds?.length === 0) return { answers: 0, averages: null };
  const [row] = await db
    .select({
      answers: sql<number>`count(*)`,
      organisation: sql<number | null>`avg(${feedback.organisation})`,
      matching: sql<number | null>`avg(${feedback.matching})`,
      engagement: sql<number | null>`avg(${feedback.engagement})`,
    })
    .from(feedback)
    .innerJoin(meetingFeedback, eq(meetingFeedback.meetingId, feedback.meetingId))
    .where(
      and(
        gte(meetingFeedback.endsAt, filter.from),
        lt(meetingFeedback.endsAt, filter.to),
        filter.companyIds ? inArray(meetingFeedback.companyId, filter.companyIds) : undefined,
      ),
    );
  const answers = Number(row?.answers ?? 0);
  return {
    answers,
    averages:
      answers === 0
        ? null
        : {
            organisation: Number(row?.organisation),
            matching: Number(row?.matching),
            engagement: Number(row?.engagement),
          },
  };
}

/** The latest answers of a report's scope (FeedbackReport.items). */
export function feedbackItemsOf(scope: FeedbackScope, limit: number, deps: Pick<Deps, 'db'>) {
  return feedbackItems(deps.db, scope, limit);
}
