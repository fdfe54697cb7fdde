import type { Context, Hono } from 'hono';
import { type ClassRecordFilter, classRecordFilterSchema, schoolYearOf } from '../../common/classes.ts';
import { MEETING_TYPE_LABELS, SECTOR_LABELS } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { csvResponse } from '../http/csv.ts';
import type { AppEnv, Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { groupEncountersForExport } from './record.ts';

/**
 * The columns of the class record's export (docs/decisions/0045), one line per encounter (a held meeting
 * of one of the teacher's groups): what a Folios or Parcours Avenir import asks of an activity, in French.
 */
export const GROUP_EXPORT_HEADER = [
  'Date',
  'Entreprise',
  'Secteur',
  'Métiers',
  'Type de rencontre',
  'Durée (minutes)',
  'Durée (heures)',
  'Groupe',
  'Niveau',
  'Année scolaire',
] as const;

const hoursFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2, useGrouping: false });

/** "2026-03-10" → "10/03/2026", the date French spreadsheets read as a date. */
const frenchDate = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** The teacher's encounters as CSV lines, soonest first. */
export async function groupExportFor(
  viewer: Viewer | null,
  filter: ClassRecordFilter,
  deps: Pick<Deps, 'db' | 'clock'>,
): Promise<Response> {
  const lines = (await groupEncountersForExport(viewer, filter, deps)).map(({ encounter, group }) => [
    frenchDate(encounter.day),
    encounter.companyName,
    SECTOR_LABELS[encounter.sector],
    encounter.jobs.join(', '),
    MEETING_TYPE_LABELS[encounter.meetingType],
    encounter.durationMinutes,
    hoursFormat.format(encounter.durationMinutes / 60),
    group.name,
    group.level,
    schoolYearOf(encounter.day),
  ]);
  const name = filter.schoolYear ? `mes-classes-${filter.schoolYear}.csv` : 'mes-classes.csv';
  return csvResponse(
    name,
    GROUP_EXPORT_HEADER,
    (async function* () {
      yield lines;
    })(),
  );
}

const REFUSALS: Partial<Record<AppError['code'], [401 | 403, string]>> = {
  UNAUTHENTICATED: [401, 'Connectez-vous pour télécharger vos rencontres.'],
  FORBIDDEN: [403, 'Cet export est celui des enseignants : leurs groupes et leurs rencontres.'],
};

/**
 * `GET /exports/my-groups.csv` (API.md): the teacher's encounters, UTF-8 with BOM and `;`, with the optional
 * `?schoolYear=` and `?from=&to=` (civil days, both included). Never stored by a cache.
 */
export function mountGroupExport(app: Hono<AppEnv>): void {
  app.get(ROUTES.myGroupsExport, async (c: Context<AppEnv>) => {
    const parsed = classRecordFilterSchema.safeParse({
      schoolYear: c.req.query('schoolYear'),
      from: c.req.query('from'),
      to: c.req.query('to'),
    });
    if (!parsed.success) {
      return c.text(parsed.error.issues.map((issue) => issue.message).join(' '), 400);
    }
    try {
      return await groupExportFor(c.var.viewer, parsed.data, c.var.deps);
    } catch (error) {
      const refusal = error instanceof AppError ? REFUSALS[error.code] : undefined;
      if (!refusal) throw error;
      return c.text(refusal[1], refusal[0]);
    }
  });
}
