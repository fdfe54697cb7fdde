import { and, asc, gt } from 'drizzle-orm';
import type { Hono } from 'hono';
import { z } from 'zod';
import { MEETING_TYPE_LABELS } from '../../common/constants.ts';
import { FEEDBACK_CRITERION_LABELS } from '../../common/feedback.ts';
import { ROUTES } from '../../common/routes.ts';
import { meetingFeedback } from '../../db/schema/feedback.ts';
import type { AppEnv, Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { answeredIn, type FeedbackItemRow, type FeedbackScope, feedbackScopeFor } from './report.ts';

/**
 * The questionnaires' answers as a CSV file that spreadsheet software set up for French opens as it is
 * (docs/decisions/0028): UTF-8 with a byte order mark (without it, accents come out garbled), `;`
 * between fields (`,` is the decimal separator there), CRLF between rows, French column names, dates and
 * times in each meeting's own zone.
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
  "Date de l'avis",
] as const;

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';
const LINE_END = '\r\n';
/** Rows read per query: the file is written as it is read, never held whole. */
export const CSV_PAGE_ROWS = 500;

/**
 * One field: quoted when it holds the separator, a quote or a line break (quotes doubled, RFC 4180). A
 * text that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is prefixed with a quote mark
 * (OWASP, CSV injection): the cell then shows the text as typed.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: (string | number | null)[]): string {
  return values.map(csvField).join(SEPARATOR) + LINE_END;
}

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

export function feedbackCsvRow(row: FeedbackItemRow): string {
  const zone = formatsOf(row.timeZone);
  const answeredAt = row.feedbackCreatedAt;
  return csvLine([
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
  ]);
}

/**
 * The scope's answers, oldest first, as a stream: each pull reads the next page (keyset on the answer's
 * id), so a file of any length takes the memory of one page.
 */
export function feedbackCsvStream(deps: Deps, scope: FeedbackScope): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let after = 0;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(CSV_BOM + csvLine([...FEEDBACK_CSV_COLUMNS])));
      },
      async pull(controller) {
        const rows = await deps.db
          .select()
          .from(meetingFeedback)
          .where(and(answeredIn(scope), gt(meetingFeedback.feedbackId, after)))
          .orderBy(asc(meetingFeedback.feedbackId))
          .limit(CSV_PAGE_ROWS);
        if (rows.length > 0) {
          after = rows[rows.length - 1]?.feedbackId ?? after;
          controller.enqueue(encoder.encode(rows.map(feedbackCsvRow).join('')));
        }
        if (rows.length < CSV_PAGE_ROWS) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

const exportQuery = z.object({
  companyId: z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number)
    .optional(),
});

/** The export for the viewer: their company's answers, or for the operators all of them or one company's. */
export async function feedbackExportFor(
  viewer: Viewer | null,
  input: { companyId?: number | undefined },
  deps: Deps,
): Promise<ReadableStream<Uint8Array>> {
  return feedbackCsvStream(deps, await feedbackScopeFor(viewer, input.companyId, deps));
}

const REFUSALS: Partial<Record<AppError['code'], [number, string]>> = {
  UNAUTHENTICATED: [401, 'Connectez-vous pour télécharger les avis.'],
  FORBIDDEN: [403, "Vous n'avez pas accès à ces avis."],
  NOT_FOUND: [404, "Ces avis n'existent pas ou ne vous sont pas accessibles."],
};

/**
 * `GET /exports/feedback.csv` (API.md): a recruiter, their company's; an operator, every company's, or
 * one's with `?companyId=`. Never stored by a cache: who may read it depends on the session.
 */
export function mountFeedbackExport(app: Hono<AppEnv>): void {
  app.get(ROUTES.feedbackExport, async (c) => {
    const query = exportQuery.safeParse({ companyId: c.req.query('companyId') });
    if (!query.success) return c.text('Le paramètre companyId doit être un identifiant numérique.', 400);
    let body: ReadableStream<Uint8Array>;
    try {
      body = await feedbackExportFor(c.var.viewer, query.data, c.var.deps);
    } catch (error) {
      const refusal = error instanceof AppError ? REFUSALS[error.code] : undefined;
      if (!refusal) throw error;
      return c.text(refusal[1], refusal[0] as 401 | 403 | 404);
    }
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="avis-enseignants.csv"',
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    });
  });
}
