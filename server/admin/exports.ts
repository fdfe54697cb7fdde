import type { Context, Hono } from 'hono';
import { PROFILE_TYPE_LABELS } from '../../common/accounts.ts';
import { COMPANY_STATUS_LABELS } from '../../common/companies.ts';
import { MEETING_TYPE_LABELS, PUBLIC_CATEGORY_LABELS, SECTOR_LABELS } from '../../common/constants.ts';
import { CONTACT_STATUS_LABELS, contactSubjectLabel } from '../../common/contact.ts';
import { MEETING_STATUS_FEMININE_LABELS, shownMeetingStatus } from '../../common/slots.ts';
import { zoneOffsetMinutes } from '../../common/time.ts';
import { TRANSPORT_STATUS_LABELS } from '../../common/transport.ts';
import { regionName } from '../../db/reference/departments.ts';
import { teachersInBatches } from '../accounts/index.ts';
import { companiesInBatches } from '../companies/index.ts';
import { contactMessagesInBatches } from '../contact/index.ts';
import { csvResponse } from '../http/csv.ts';
import type { AppEnv, Deps } from '../kernel/context.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { meetingsInBatches } from '../meetings/index.ts';
import { operatorArea, regionOfDepartment } from '../permissions.ts';
import { transportRequestsInBatches } from '../transport/index.ts';
import { recordAudit } from './audit.ts';
import {
  companiesQuery,
  companyFilterFor,
  contactFilterFor,
  contactQuery,
  meetingFilterFor,
  meetingsPeriod,
  meetingsQuery,
  peopleFilterFor,
  peopleQuery,
  type Search,
} from './list-filters.ts';

const PARIS = 'Europe/Paris';

const DAY_MS = 86_400_000;
/** Per zone, its offset on each UTC day it keeps one offset all day long (null: it changes that day). */
const dayOffsets = new Map<string, Map<number, number | null>>();
const DAYS_KEPT = 20_000;

/** The zone's offset at `ms`, in milliseconds: Intl is asked twice a day, not for every row. */
function offsetAt(ms: number, timeZone: string): number {
  let days = dayOffsets.get(timeZone);
  if (!days) {
    days = new Map();
    dayOffsets.set(timeZone, days);
  }
  const day = Math.floor(ms / DAY_MS);
  let offset = days.get(day);
  if (offset === undefined) {
    const first = zoneOffsetMinutes(day * DAY_MS, timeZone);
    const last = zoneOffsetMinutes((day + 1) * DAY_MS - 1000, timeZone);
    offset = first === last ? first * 60_000 : null;
    if (days.size >= DAYS_KEPT) days.clear();
    days.set(day, offset);
  }
  return offset ?? zoneOffsetMinutes(ms, timeZone) * 60_000;
}

/**
 * A date and time as a spreadsheet reads it, in the given zone: "2026-03-20 09:00". Asking Intl for every
 * row's wall clock was a third of a 150,000-row export's time (docs/decisions/0034).
 */
function dateTime(at: Date | number | null, timeZone = PARIS): string {
  if (at === null) return '';
  const ms = typeof at === 'number' ? at : at.getTime();
  const iso = new Date(ms + offsetAt(ms, timeZone)).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

/** A department's region by its name (« Auvergne-Rhône-Alpes », not « 06 »): the code is in its own column. */
const regionOf = (departmentCode: string | null) =>
  departmentCode ? regionName(regionOfDepartment(departmentCode)) : null;

const yesNo = (value: boolean) => (value ? 'oui' : 'non');

type Exported = { fileName: string; header: string[]; rows: AsyncIterable<(string | number | null)[][]> };

/**
 * What each export holds (issue 13): the operator's area only, columns named in French; every row the
 * list's screen shows, its filters read from the export link's query by the list's own reader (issue 21).
 */
const EXPORTS: Record<string, (deps: Deps, operator: Viewer, search: Search, now: Date) => Exported> = {
  companies: (deps, operator, search) => ({
    fileName: 'entreprises.csv',
    header: [
      'Identifiant',
      'SIRET',
      'Nom',
      'Statut',
      'Secteur',
      'Code NAF',
      'Adresse',
      'Code postal',
      'Ville',
      'Département',
      'Région',
      'Téléphone',
      'Site internet',
      'Contact',
      'E-mail du contact',
      'Inscrite le',
      'Validée le',
    ],
    rows: mapBatches(companiesInBatches(deps.db, companyFilterFor(operator, companiesQuery(search))), (c) => [
      c.id,
      c.siret,
      c.name,
      COMPANY_STATUS_LABELS[c.status],
      SECTOR_LABELS[c.sector],
      c.nafCode,
      c.label,
      c.zipcode,
      c.city,
      c.departmentCode,
      regionOf(c.departmentCode),
      c.phone,
      c.website,
      c.contactName,
      c.contactEmail,
      dateTime(c.createdAt),
      dateTime(c.validatedAt),
    ]),
  }),
  teachers: (deps, operator, search) => ({
    fileName: 'enseignants.csv',
    header: [
      'Identifiant',
      'Prénom',
      'Nom',
      'E-mail',
      'Téléphone',
      'Profil',
      'Établissement',
      'Type d’établissement',
      'Département',
      'Région',
      'Alerte hebdomadaire',
      'Inscrit le',
    ],
    rows: mapBatches(teachersInBatches(deps.db, peopleFilterFor(operator, peopleQuery(search))), (t) => [
      t.id,
      t.firstName,
      t.lastName,
      t.email,
      t.phone,
      t.profileType ? PROFILE_TYPE_LABELS[t.profileType] : null,
      t.establishmentName,
      t.establishmentType,
      t.departmentCode,
      regionOf(t.departmentCode),
      yesNo(t.weeklyMail),
      dateTime(t.createdAt),
    ]),
  }),
  meetings: (deps, operator, search, now) => ({
    fileName: 'rencontres.csv',
    header: [
      'Identifiant',
      'Date et heure (heure locale du créneau)',
      'Fuseau',
      'Durée (minutes)',
      'Type',
      'Entreprise',
      'Département',
      'Région',
      'Secteur',
      'Enseignant',
      'Établissement',
      'Participants',
      'Public',
      'Statut',
      'Réservée le',
      'Annulée le',
      'Motif d’annulation',
    ],
    rows: mapBatches(
      meetingsInBatches(deps.db, meetingFilterFor(operator, meetingsPeriod(meetingsQuery(search))), now),
      (m) => [
        m.id,
        dateTime(m.startsAt, m.timeZone),
        m.timeZone,
        m.durationMinutes,
        MEETING_TYPE_LABELS[m.meetingType],
        m.companyName,
        m.companyDepartmentCode,
        regionOf(m.companyDepartmentCode),
        SECTOR_LABELS[m.companySector],
        `${m.teacherFirstName} ${m.teacherLastName}`,
        m.establishmentName,
        m.participantsCount,
        PUBLIC_CATEGORY_LABELS[m.publicCategory],
        MEETING_STATUS_FEMININE_LABELS[
          shownMeetingStatus(m.status, new Date(m.startsAt), new Date(m.endsAt), now)
        ],
        dateTime(m.createdAt),
        dateTime(m.cancelledAt),
        m.cancelReason,
      ],
    ),
  }),
  transport: (deps, operator) => ({
    fileName: 'aides-au-transport.csv',
    header: [
      'Identifiant',
      'Demandée le',
      'Statut',
      'Rencontre',
      'Date de la visite (heure locale)',
      'Entreprise',
      'Département',
      'Région',
      'Enseignant',
      'E-mail',
      'Téléphone',
      'Établissement',
      'Personnes',
      'Départ',
      'Commentaire',
      'Réponse',
      'Répondue le',
    ],
    rows: mapBatches(transportRequestsInBatches(deps.db, operatorArea(operator)), ({ meeting: m, ...r }) => [
      r.id,
      dateTime(r.createdAt),
      TRANSPORT_STATUS_LABELS[r.status],
      m.id,
      dateTime(m.startsAt, m.timeZone),
      m.companyName,
      m.companyDepartmentCode,
      regionOf(m.companyDepartmentCode),
      `${m.teacherFirstName} ${m.teacherLastName}`,
      m.teacherEmail,
      m.teacherPhone,
      m.establishmentName,
      r.groupSize,
      r.departureLabel,
      r.comment,
      r.answer,
      dateTime(r.answeredAt),
    ]),
  }),
  contact: (deps, operator, search) => ({
    fileName: 'messages-de-contact.csv',
    header: [
      'Identifiant',
      'Reçu le',
      'Sujet',
      'Statut',
      'Nom',
      'E-mail',
      'Profil',
      'Établissement ou entreprise',
      'Département',
      'Région',
      'Message',
      'Réponse',
      'Répondu le',
    ],
    // The contact form's messages are the operators' of the sender's region (docs/decisions/0042).
    rows: mapBatches(
      contactMessagesInBatches(deps.db, contactFilterFor(operator, contactQuery(search))),
      (m) => [
        m.id,
        dateTime(m.createdAt),
        contactSubjectLabel(m.subject),
        CONTACT_STATUS_LABELS[m.status],
        m.name,
        m.email,
        m.senderRole,
        m.organisation,
        m.departmentCode,
        regionName(m.regionCode),
        m.body,
        m.answer,
        dateTime(m.answeredAt),
      ],
    ),
  }),
};

async function* mapBatches<Row, Out>(
  batches: AsyncIterable<Row[]>,
  map: (row: Row) => Out,
): AsyncGenerator<Out[]> {
  for await (const batch of batches) yield batch.map(map);
}

/**
 * One of the operators' exports for the viewer's area (national administrators: all of France), filtered
 * as its list's screen by the query, streamed a batch at a time; null for anyone who is not an operator,
 * or an unknown export. The download is logged.
 */
export async function exportFor(
  viewer: Viewer | null,
  name: string,
  search: Search,
  deps: Deps,
): Promise<Response | null> {
  const build = Object.hasOwn(EXPORTS, name) ? EXPORTS[name] : undefined;
  if (viewer?.kind !== 'admin' || build === undefined) return null;
  const now = deps.clock.now();
  const exported = build(deps, viewer, search, now);
  await recordAudit(
    deps.db,
    viewer,
    { action: 'export.downloaded', target: exported.fileName, regionCode: viewer.regionCode },
    now,
  );
  return csvResponse(exported.fileName, exported.header, exported.rows);
}

/** `GET /exports/{name}.csv`: an operator's export; 401 for a visitor, 404 for anyone else. */
export function mountExportRoutes(app: Hono<AppEnv>): void {
  app.get('/exports/:file{[a-z]+\\.csv}', async (c: Context<AppEnv>) => {
    if (!c.var.viewer) return c.text('Connectez-vous pour télécharger cet export.', 401);
    const name = (c.req.param('file') ?? '').replace(/\.csv$/, '');
    const response = await exportFor(c.var.viewer, name, c.req.query(), c.var.deps);
    return response ?? c.text('Cet export n’existe pas.', 404);
  });
}
