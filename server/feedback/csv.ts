import { and, asc, gt } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { MEETING_TYPE_LABELS } from '../../common/constants.ts';
import { FEEDBACK_CRITERION_LABELS } from '../../common/feedback.ts';
import { ROUTES } from '../../common/routes.ts';
import { meetingFeedback } from '../../db/schema/feedback.ts';
import { csvResponse } from '../http/csv.ts';
import type { AppEnv, Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import { answeredIn, type FeedbackItemRow, type FeedbackScope, feedbackScopeFor } from './report.ts';

/**
 * The questionnaires' answers as a CSV file (server/http/csv.ts, docs/decisions/0028): French column
 * names, dates and times in each meeting's own zone.
 */
export const FEEDBACK_CSV_COLUMNS = [
  'Entreprise',
  'Date de la rencontre',
  'Heure de début',
  'Fuseau horaire',
  'Type de rencontre',
  'Enseignant',
  'Établissement',
  'Participants',
  `${FEEDBACK_CRITERION_LABELS.organisation.short} (1 à 4)`,
  `${FEEDBACK_CRITERION_LABELS.matching.short} (1 à 4)`,
  `${FEEDBACK_CRITERION_LABELS.engagement.short} (1 à 4)`,
  'Ce qui a plu',
  'Suggestions',
  'Date de l’avis',
] as const;

/** Rows read per query: the file is written as it is read, never held whole. */
export const CSV_PAGE_ROWS = 500;

const formats = new Map<string, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();
function formatsOf(timeZone: string) {
  let found = formats.get(timeZone);
  if (!found) {
    found = {
      date: new Intl.DateTimeFormat('fr-FR', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric' }),
      time: new Intl.DateTimeFormat('fr-FR', { timeZone, hour: '2-digit', minute: '2-digit' }),
    };
    formats.set(timeZone, found);
  }
  return found;
}

function feedbackCsvRow(row: FeedbackItemRow) {
  const zone = formatsOf(row.timeZone);
  const answeredAt = row.feedbackCreatedAt;
  return [
    row.companyName,
    zone.date.format(row.startsAt),
    zone.time.format(row.startsAt),
    row.timeZone,
    MEETING_TYPE_LABELS[row.meetingType],
    `${row.teacherFirstName} ${row.teacherLastName}`,
    row.establishmentName,
    row.participantsCount,
    row.organisation,
    row.matching,
    row.engagement,
    row.liked,
    row.suggestions,
    answeredAt ? `${zone.date.format(answeredAt)} ${zone.time.format(answeredAt)}` : null,
  ];
}

/**
 * The scope's answers, oldest first, a page at a time (keyset on the answer's id), so a file of any length
 * takes the memory of one page.
 */
async function* feedbackRows(deps: Deps, scope: FeedbackScope) {
  let after = 0;
  for (;;) {
    const rows = await deps.db
      .select()
      .from(meetingFeedback)
      .where(and(answeredIn(scope), gt(meetingFeedback.feedbackId, after)))
      .orderBy(asc(meetingFeedback.feedbackId))
      .limit(CSV_PAGE_ROWS);
    if (rows.length > 0) yield rows.map(feedbackCsvRow);
    if (rows.length < CSV_PAGE_ROWS) return;
    after = rows[rows.length - 1]?.feedbackId ?? after;
  }
}

const exportQuery = z.object({
  companyId: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .optional(),
});

const REFUSALS: Partial<Record<AppError['code'], [number, string]>> = {
  UNAUTHENTICATED: [401, 'Connectez-vous pour télécharger les avis.'],
  FORBIDDEN: [403, 'Vous n’avez pas accès à ces avis.'],
  NOT_FOUND: [404, 'Ces avis n’existent pas ou ne vous sont pas accessibles.'],
};

/**
 * `GET /exports/feedback.csv` (API.md): a recruiter, their company's; an operator, every company's, or
 * one's with `?companyId=`. Never stored by a cache: who may read it depends on the session.
 */
export function mountFeedbackExport(app: Hono<AppEnv>): void {
  app.get(ROUTES.feedbackExport, async (c) => {
    const query = exportQuery.safeParse({ companyId: c.req.query('companyId') });
    if (!query.success) return c.text('Le paramètre companyId doit être un identifiant numérique.', 400);
    let scope: FeedbackScope;
    try {
      scope = await feedbackScopeFor(c.var.viewer, query.data.companyId, c.var.deps);
    } catch (error) {
      const refusal = error instanceof AppError ? REFUSALS[error.code] : undefined;
      if (!refusal) throw error;
      return c.text(refusal[1], refusal[0] as 401 | 403 | 404);
    }
    return csvResponse('avis-enseignants.csv', FEEDBACK_CSV_COLUMNS, feedbackRows(c.var.deps, scope));
  });
}
