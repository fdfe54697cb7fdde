import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { MEETING_TYPE_LABELS, PUBLIC_CATEGORY_LABELS, SECTOR_LABELS } from '../../common/constants.ts';
import { formatDuration, formatSlotDate, formatSlotHours, formatSlotTime } from '../../common/format.ts';
import {
  attestationPath,
  MEETING_DOCUMENT_KINDS,
  MEETING_DOCUMENT_TITLES,
  type MeetingDocumentKind,
  meetingDocumentExists,
  meetingDocumentPath,
  normaliseAttestationCode,
} from '../../common/meeting-documents.ts';
import { meetingPlace, preparationChecklist } from '../../common/meetings.ts';
import { compareFrench } from '../../common/text.ts';
import { TRANSPORT_STATUS_LABELS } from '../../common/transport.ts';
import type { DbOrTx } from '../../db/client.ts';
import { preparedOn } from '../../db/prepared.ts';
import { meetingFacts, meetings, meetingTimes } from '../../db/schema/meetings.ts';
import { groupsByIds } from '../classes/index.ts';
import { jobLabelsOfCompany } from '../jobs/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { PdfBlock, PdfSheet } from '../kernel/ports/pdf.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { confirmingSideOf } from '../permissions.ts';
import { findMeetingFact, type MeetingFact } from './facts.ts';
import { latestTransportRequest } from './transport.ts';

/**
 * A booked meeting's documents (PRODUCT.md, « Taking a class out »; docs/decisions/0046): the fiche de
 * sortie, the parents' authorisation, the day's ticket and, once held, the attestation. Each is written
 * once here as sheets of facts, which the PDF kit (server/pdf) lays out on A4 and the printable page shows
 * as HTML: the two say the same. Only the meeting's two sides get them; anyone else is told nothing exists.
 */

/** A document of a meeting as its page and its PDF show it. */
export interface MeetingDocument {
  kind: MeetingDocumentKind;
  title: string;
  meetingId: number;
  sheets: PdfSheet[];
  pdfUrl: string;
  fileName: string;
  /** How many times its sheet is printed (the authorisation: one per participant). */
  copies: number;
}

/** A link to one of a meeting's documents, for its details page. */
export interface MeetingDocumentLink {
  kind: MeetingDocumentKind;
  title: string;
  htmlUrl: string;
  pdfUrl: string;
}

/** Minutes before the start a group is asked to be there (the checklist's « 10 minutes en avance »). */
const ARRIVAL_AHEAD_MINUTES = 10;

/** The documents this viewer may open for a meeting they see, in the order the page lists them. */
export function meetingDocumentLinks(
  viewer: Viewer | null,
  meeting: Pick<
    MeetingFact,
    'id' | 'teacherId' | 'companyId' | 'status' | 'meetingType' | 'endsAt' | 'absentAt'
  >,
  now: Date,
): MeetingDocumentLink[] {
  if (!confirmingSideOf(viewer, meeting)) return [];
  return MEETING_DOCUMENT_KINDS.filter((kind) => meetingDocumentExists(kind, meeting, now)).map((kind) => ({
    kind,
    title: MEETING_DOCUMENT_TITLES[kind],
    htmlUrl: meetingDocumentPath(meeting.id, kind, 'html'),
    pdfUrl: meetingDocumentPath(meeting.id, kind, 'pdf'),
  }));
}

/** "25 participants" (adults included, as booked), "1 participant". */
const participants = (count: number) => (count > 1 ? `${count} participants` : '1 participant');

const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' — ');

/**
 * An OpenStreetMap link to where the meeting happens: a visit's place by its point when known, else a
 * search for the address (an intervention's is the establishment's, which the slot's point is not).
 */
export function mapLink(
  meeting: Pick<MeetingFact, 'meetingType' | 'placeLat' | 'placeLng'>,
  address: string | null,
) {
  if (meeting.meetingType === 'CompanyVisit' && meeting.placeLat !== null && meeting.placeLng !== null) {
    const lat = meeting.placeLat.toFixed(5);
    const lng = meeting.placeLng.toFixed(5);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  }
  return address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}` : null;
}

/** What every document of a meeting reads, in one go. */
interface Sources {
  meeting: MeetingFact;
  side: 'teacher' | 'company';
  groupName: string | null;
  charterAcceptedAt: Date | null;
  transport: Awaited<ReturnType<typeof latestTransportRequest>>;
  jobs: string[];
  publicUrl: string;
}

async function charterAcceptedAtOf(db: DbOrTx, meetingId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: meetings.charterAcceptedAt })
    .from(meetings)
    .where(eq(meetings.id, meetingId));
  return row?.at ?? null;
}

/** The company's jobs, in French order: what an attestation says were presented. */
async function jobsPresented(db: DbOrTx, companyId: number): Promise<string[]> {
  return (await jobLabelsOfCompany(db, companyId)).sort(compareFrench);
}

async function groupNameOf(db: DbOrTx, groupId: number | null): Promise<string | null> {
  if (groupId === null) return null;
  return (await groupsByIds(db, [groupId])).get(groupId)?.name ?? null;
}

const place = (meeting: MeetingFact) => meetingPlace(meeting, '');

function whenFacts(meeting: MeetingFact): PdfBlock {
  return {
    kind: 'facts',
    facts: [
      ['Type de rencontre', MEETING_TYPE_LABELS[meeting.meetingType]],
      ['Date', formatSlotDate(meeting.startsAt, meeting.timeZone)],
      ['Horaires', formatSlotHours(meeting.startsAt, meeting.endsAt, meeting.timeZone)],
      ['Durée', formatDuration(meeting.durationMinutes)],
    ],
  };
}

function placeFacts(meeting: MeetingFact): PdfBlock {
  const address = place(meeting);
  return {
    kind: 'facts',
    facts: [
      ['Adresse', address],
      ['Plan', mapLink(meeting, address)],
    ],
  };
}

const teacherName = (meeting: MeetingFact) => `${meeting.teacherFirstName} ${meeting.teacherLastName}`;

function companyContactFacts(meeting: MeetingFact): PdfBlock {
  return {
    kind: 'facts',
    facts: [
      ['Entreprise', meeting.companyName],
      ['Téléphone', meeting.companyPhone],
      [
        'Contact',
        join(meeting.companyContactName, meeting.companyContactPhone, meeting.companyContactEmail) || null,
      ],
      [
        'Intervenant',
        join(
          `${meeting.speakerFirstname} ${meeting.speakerName}`,
          meeting.speakerRole,
          meeting.speakerPhone,
          meeting.speakerEmail,
        ),
      ],
    ],
  };
}

/** The transport-help request and its answer; a classroom intervention needs none. */
function transportText(sources: Sources): string {
  const { meeting, transport } = sources;
  if (meeting.meetingType !== 'CompanyVisit') return 'Sans objet : la rencontre a lieu dans l’établissement.';
  if (!transport) return 'Aucune demande d’aide au transport : trajet organisé par l’établissement.';
  const asked = `Demande d’aide au transport du ${formatSlotDate(transport.createdAt, meeting.timeZone)} (départ : ${transport.departureLabel}, ${participants(transport.groupSize)}) — ${TRANSPORT_STATUS_LABELS[transport.status].toLowerCase()}.`;
  return transport.answer ? `${asked}\nRéponse : ${transport.answer}` : asked;
}

function ficheDeSortie(sources: Sources): PdfSheet[] {
  const { meeting } = sources;
  return [
    {
      title: 'Fiche de sortie',
      subtitle: `${MEETING_TYPE_LABELS[meeting.meetingType]} — ${meeting.companyName}, à l’attention du chef d’établissement`,
      blocks: [
        { kind: 'heading', text: 'La rencontre' },
        whenFacts(meeting),
        { kind: 'heading', text: 'Le groupe' },
        {
          kind: 'facts',
          facts: [
            ['Établissement', join(meeting.establishmentName, meeting.establishmentAddress) || null],
            ['Groupe', sources.groupName],
            ['Public', PUBLIC_CATEGORY_LABELS[meeting.publicCategory]],
            ['Effectif', `${participants(meeting.participantsCount)}, adultes accompagnateurs compris`],
            ['Enseignant', join(teacherName(meeting), meeting.teacherPhone, meeting.teacherEmail)],
            [
              'Adulte accompagnateur',
              join(meeting.accompanyingAdultName, meeting.accompanyingAdultPhone) || null,
            ],
          ],
        },
        { kind: 'heading', text: 'Le lieu' },
        placeFacts(meeting),
        { kind: 'heading', text: 'L’entreprise' },
        companyContactFacts(meeting),
        { kind: 'heading', text: 'Transport' },
        { kind: 'paragraph', text: transportText(sources) },
        { kind: 'heading', text: 'Charte de bonne conduite' },
        {
          kind: 'paragraph',
          text: sources.charterAcceptedAt
            ? `Acceptée par ${teacherName(meeting)} le ${formatSlotDate(sources.charterAcceptedAt, meeting.timeZone)} à ${formatSlotTime(sources.charterAcceptedAt, meeting.timeZone)}, lors de la réservation.`
            : 'Acceptée lors de la réservation.',
        },
        { kind: 'signatures', labels: ['L’enseignant', 'Visa du chef d’établissement'] },
      ],
    },
  ];
}

function authorisation(sources: Sources): PdfSheet[] {
  const { meeting } = sources;
  const sheet: PdfSheet = {
    title: 'Autorisation parentale de sortie',
    subtitle: `Visite de l’entreprise ${meeting.companyName}`,
    blocks: [
      {
        kind: 'paragraph',
        text: 'Je soussigné(e) ………………………………………………, responsable légal(e) de l’élève ………………………………………………, autorise mon enfant à participer à la sortie suivante :',
      },
      {
        kind: 'facts',
        facts: [
          ['Sortie', `Visite de l’entreprise ${meeting.companyName}`],
          ['Date', formatSlotDate(meeting.startsAt, meeting.timeZone)],
          ['Horaires sur place', formatSlotHours(meeting.startsAt, meeting.endsAt, meeting.timeZone)],
          ['Lieu', place(meeting)],
          ['Transport', transportText(sources)],
          ['Établissement', meeting.establishmentName],
          ['Groupe', sources.groupName],
          ['Enseignant', join(teacherName(meeting), meeting.teacherPhone, meeting.teacherEmail)],
          ['Adulte accompagnateur', meeting.accompanyingAdultName],
        ],
      },
      {
        kind: 'paragraph',
        text: 'Téléphone où me joindre le jour de la sortie : ………………………………………………',
      },
      { kind: 'paragraph', text: 'Fait à ………………………………………………, le ………………………………' },
      { kind: 'signatures', labels: ['Signature du responsable légal'] },
    ],
  };
  return [{ ...sheet, copies: meeting.participantsCount }];
}

function ticket(sources: Sources): PdfSheet[] {
  const { meeting } = sources;
  const arrival = new Date(meeting.startsAt.getTime() - ARRIVAL_AHEAD_MINUTES * 60_000);
  return [
    {
      title: 'Billet de la rencontre',
      subtitle: `${MEETING_TYPE_LABELS[meeting.meetingType]} — ${meeting.companyName}`,
      blocks: [
        {
          kind: 'facts',
          facts: [
            ['Date', formatSlotDate(meeting.startsAt, meeting.timeZone)],
            [
              'Arrivée',
              `${formatSlotTime(arrival, meeting.timeZone)} (début à ${formatSlotTime(meeting.startsAt, meeting.timeZone)}, fin à ${formatSlotTime(meeting.endsAt, meeting.timeZone)})`,
            ],
            ['Adresse', place(meeting)],
            ['Plan', mapLink(meeting, place(meeting))],
            ['Groupe', join(sources.groupName, participants(meeting.participantsCount))],
          ],
        },
        { kind: 'heading', text: 'Contacts' },
        companyContactFacts(meeting),
        {
          kind: 'facts',
          facts: [
            ['Enseignant', join(teacherName(meeting), meeting.teacherPhone)],
            [
              'Adulte accompagnateur',
              join(meeting.accompanyingAdultName, meeting.accompanyingAdultPhone) || null,
            ],
          ],
        },
        { kind: 'heading', text: 'À préparer' },
        { kind: 'list', items: preparationChecklist(meeting.meetingType, sources.side) },
      ],
    },
  ];
}

function attestation(sources: Sources): PdfSheet[] {
  const { meeting } = sources;
  const code = meeting.attestationCode ?? '';
  return [
    {
      title: 'Attestation de participation',
      subtitle: `${MEETING_TYPE_LABELS[meeting.meetingType]} — ${meeting.companyName}`,
      blocks: [
        {
          kind: 'paragraph',
          text: 'Passerelle Industrie atteste que le groupe décrit ci-dessous a participé à la rencontre suivante avec une entreprise industrielle.',
        },
        {
          kind: 'facts',
          facts: [
            ['Entreprise', join(meeting.companyName, SECTOR_LABELS[meeting.companySector])],
            ...heldFacts(meeting, sources.jobs),
            ['Groupe', sources.groupName],
          ],
        },
        { kind: 'heading', text: 'Vérification' },
        {
          kind: 'facts',
          facts: [
            ['Code de vérification', code],
            ['Adresse', `${sources.publicUrl}${attestationPath(code)}`],
          ],
        },
        {
          kind: 'paragraph',
          text: 'Chacun peut vérifier cette attestation, sans compte, à l’adresse ci-dessus.',
        },
      ],
    },
  ];
}

/** What an attestation states, in the document and on its public page alike: no person's name. */
function heldFacts(meeting: MeetingFact, jobs: string[]): [string, string | null][] {
  return [
    ['Type de rencontre', MEETING_TYPE_LABELS[meeting.meetingType]],
    ['Date', formatSlotDate(meeting.startsAt, meeting.timeZone)],
    ['Durée', formatDuration(meeting.durationMinutes)],
    ['Établissement', meeting.establishmentName],
    [
      'Groupe accueilli',
      `${participants(meeting.participantsCount)} — ${PUBLIC_CATEGORY_LABELS[meeting.publicCategory]}`,
    ],
    ['Métiers présentés', jobs.length > 0 ? jobs.join(', ') : null],
  ];
}

const WRITERS: Record<MeetingDocumentKind, (sources: Sources) => PdfSheet[]> = {
  'fiche-de-sortie': ficheDeSortie,
  'autorisation-parentale': authorisation,
  billet: ticket,
  attestation,
};

/**
 * One of a meeting's documents for its teacher or one of its company's recruiters, when the meeting has it
 * (common/meeting-documents.ts); null for anyone else, or for a document it does not have: a 404.
 */
export async function meetingDocumentFor(
  viewer: Viewer | null,
  id: number,
  kind: MeetingDocumentKind,
  deps: Deps,
): Promise<MeetingDocument | null> {
  const meeting = await findMeetingFact(deps.db, id);
  if (!meeting) return null;
  const side = confirmingSideOf(viewer, meeting);
  const now = deps.clock.now();
  if (!side || !meetingDocumentExists(kind, meeting, now)) return null;
  const [groupName, charterAcceptedAt, transport, jobs] = await Promise.all([
    groupNameOf(deps.db, meeting.groupId),
    kind === 'fiche-de-sortie' ? charterAcceptedAtOf(deps.db, meeting.id) : null,
    kind === 'fiche-de-sortie' || kind === 'autorisation-parentale'
      ? latestTransportRequest(deps.db, meeting.id)
      : null,
    kind === 'attestation' ? jobsPresented(deps.db, meeting.companyId) : [],
  ]);
  const sheets = WRITERS[kind]({
    meeting,
    side,
    groupName,
    charterAcceptedAt,
    transport,
    jobs,
    publicUrl: deps.config.PUBLIC_URL,
  });
  return {
    kind,
    title: MEETING_DOCUMENT_TITLES[kind],
    meetingId: meeting.id,
    sheets,
    copies: sheets[0]?.copies ?? 1,
    pdfUrl: meetingDocumentPath(meeting.id, kind, 'pdf'),
    fileName: `${kind}-${meeting.id}.pdf`,
  };
}

/** The document as PDF bytes, every copy included; null as meetingDocumentFor. pdf-lib loads on the first. */
export async function meetingDocumentPdf(
  viewer: Viewer | null,
  id: number,
  kind: MeetingDocumentKind,
  deps: Deps,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string } | null> {
  const document = await meetingDocumentFor(viewer, id, kind, deps);
  if (!document) return null;
  const bytes = await deps.pdf.render({
    title: document.title,
    sheets: document.sheets,
    createdAt: deps.clock.now(),
  });
  return { bytes, fileName: document.fileName };
}

/** An attestation as anyone reads it at `/attestation/<code>`: the facts, no person's name. */
export interface PublicAttestation {
  code: string;
  companyName: string;
  facts: [string, string | null][];
}

/**
 * The held meeting whose attestation this code is (any case); null for a code that is not one, unknown,
 * altered, or of a meeting not held (yet, or ever). Counted per address like other public look-ups.
 */
export async function publicAttestation(
  input: { code: string; clientIp: string },
  deps: Deps,
): Promise<PublicAttestation | null> {
  const now = deps.clock.now();
  await deps.rateLimiter.consume([`attestation:ip:${input.clientIp}`], RATE_LIMITS.attestationLookup, now);
  const code = normaliseAttestationCode(input.code);
  if (!code) return null;
  const [meeting] = await deps.db
    .select()
    .from(meetingFacts)
    .where(eq(meetingFacts.attestationCode, code))
    .limit(1);
  if (!meeting || !meetingDocumentExists('attestation', meeting, now)) return null;
  const jobs = await jobsPresented(deps.db, meeting.companyId);
  return {
    code,
    companyName: meeting.companyName,
    facts: [
      ['Entreprise', join(meeting.companyName, SECTOR_LABELS[meeting.companySector])],
      ...heldFacts(meeting, jobs),
    ],
  };
}

/** The meeting's attestation code for its two sides once it is held; null before, and for anyone else. */
export function attestationCodeFor(viewer: Viewer | null, meeting: MeetingFact, now: Date): string | null {
  if (!confirmingSideOf(viewer, meeting) || !meetingDocumentExists('attestation', meeting, now)) return null;
  return meeting.attestationCode;
}

/** How many upcoming tickets a teacher's phone keeps for offline reading. */
export const OFFLINE_TICKETS = 10;

/**
 * The tickets of a teacher's next standing visits and interventions, soonest first: what their pages keep
 * for offline reading (islands/page-cache.ts). None for anyone else.
 */
export async function upcomingTicketPaths(viewer: Viewer | null, deps: Deps): Promise<string[]> {
  if (viewer?.kind !== 'teacher') return [];
  // Read by every home page of a teacher: built once (db/prepared.ts), the instant in milliseconds.
  const query = preparedOn(deps.db, 'upcomingTicketPaths', (db) =>
    db
      .select({ id: meetingTimes.id })
      .from(meetingTimes)
      .where(
        and(
          eq(meetingTimes.teacherId, sql.placeholder('teacherId')),
          ne(meetingTimes.status, 'cancelled'),
          ne(meetingTimes.meetingType, 'Webinar'),
          gt(meetingTimes.endsAt, sql.placeholder('now')),
        ),
      )
      .orderBy(asc(meetingTimes.startsAt))
      .limit(OFFLINE_TICKETS)
      .prepare(),
  );
  const rows = await query.all({ teacherId: viewer.id, now: deps.clock.now().getTime() });
  return rows.map((row) => meetingDocumentPath(row.id, 'billet', 'html'));
}
