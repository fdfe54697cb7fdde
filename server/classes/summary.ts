import type { Hono } from 'hono';
import { encountersLabel, hoursLabel, schoolYearLabel } from '../../common/classes.ts';
import { MEETING_TYPE_LABELS, SECTOR_LABELS } from '../../common/constants.ts';
import { formatDuration, formatSlotDate } from '../../common/format.ts';
import { pdfResponse } from '../http/pdf.ts';
import type { AppEnv, Deps } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { PdfSheet } from '../kernel/ports/pdf.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { type Encounter, type GroupRecord, groupRecordFor } from './record.ts';

const NOT_FOUND_TEXT = 'Ce groupe n’existe pas ou n’est pas le vôtre.';

function encounterLine(encounter: Encounter): string {
  return [
    formatSlotDate(encounter.startsAt, encounter.timeZone),
    `${encounter.companyName} (${SECTOR_LABELS[encounter.sector]})`,
    MEETING_TYPE_LABELS[encounter.meetingType],
    formatDuration(encounter.durationMinutes),
  ].join(' — ');
}

/** The group's school year on one page or more: its counts, what it discovered, its encounters. */
export function groupSummarySheet(record: GroupRecord): PdfSheet {
  const { group } = record;
  const held = record.encounters.filter((encounter) => encounter.state === 'held');
  const upcoming = record.encounters.filter((encounter) => encounter.state === 'upcoming');
  return {
    title: `Synthèse du groupe ${group.name}`,
    subtitle: [group.level, `année scolaire ${schoolYearLabel(group.schoolYear)}`]
      .filter(Boolean)
      .join(' — '),
    blocks: [
      {
        kind: 'facts',
        facts: [
          ['Rencontres tenues', encountersLabel(record.encountersCount)],
          ['Heures', hoursLabel(record.hours)],
          ['Secteurs découverts', record.sectors.map((sector) => SECTOR_LABELS[sector]).join(', ') || null],
          ['Métiers découverts', record.jobs.join(', ') || null],
        ],
      },
      { kind: 'heading', text: 'Rencontres tenues' },
      held.length > 0
        ? { kind: 'list', items: held.map(encounterLine) }
        : { kind: 'paragraph', text: 'Aucune rencontre tenue pour l’instant cette année scolaire.' },
      ...(upcoming.length > 0
        ? [
            { kind: 'heading', text: 'Rencontres à venir' } as const,
            { kind: 'list', items: upcoming.map(encounterLine) } as const,
          ]
        : []),
      {
        kind: 'paragraph',
        text: 'Une rencontre est tenue une fois terminée, sauf si l’entreprise a signalé l’absence du groupe. Chaque rencontre tenue a son attestation de participation vérifiable en ligne.',
      },
    ],
  };
}

/** The group's summary as PDF for its teacher; null for anyone else or an unknown group (a 404). */
export async function groupSummaryPdf(
  viewer: Viewer | null,
  groupId: number,
  deps: Deps,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string } | null> {
  let record: GroupRecord;
  try {
    record = await groupRecordFor(viewer, groupId, deps);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  const sheet = groupSummarySheet(record);
  const bytes = await deps.pdf.render({ title: sheet.title, sheets: [sheet], createdAt: deps.clock.now() });
  return { bytes, fileName: `synthese-groupe-${groupId}.pdf` };
}

/**
 * `GET /my-groups/{id}/synthese.pdf`: a group's summary for its teacher. Anyone else, a visitor included,
 * gets the same 404 as for the meetings' documents. Made on each request, never kept by a shared cache.
 */
export function mountGroupSummary(app: Hono<AppEnv>): void {
  app.get('/my-groups/:id{[0-9]{1,15}}/synthese.pdf', async (c) => {
    const found = await groupSummaryPdf(c.var.viewer, Number(c.req.param('id')), c.var.deps);
    if (!found) return c.text(NOT_FOUND_TEXT, 404);
    return pdfResponse(c, found);
  });
}
