import { SECTOR_LABELS } from '../../common/constants.ts';
import { formatSlotDate, formatSlotTime } from '../../common/format.ts';
import {
  MEETING_DOCUMENT_KINDS,
  MEETING_DOCUMENT_TITLES,
  type MeetingDocumentKind,
  type MeetingDocumentLink,
  meetingDocumentExists,
  meetingDocumentPath,
  NO_PRINT_DETAILS,
  normaliseAttestationCode,
  type PrintDetails,
} from '../../common/meeting-documents.ts';
import { compareFrench } from '../../common/text.ts';
import type { DbOrTx } from '../../db/client.ts';
import { groupsByIds } from '../classes/index.ts';
import { jobLabelsOfCompany } from '../jobs/index.ts';
import type { Deps } from '../kernel/context.ts';
import type { PdfSheet } from '../kernel/ports/pdf.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import type { Viewer } from '../kernel/viewer.ts';
import {
  charterAcceptedAt as charterAcceptedAtOf,
  findMeetingFact,
  type MeetingFact,
  meetingFactByAttestationCode,
  nextVisitIdsOfTeacher,
} from '../meetings/index.ts';
import { confirmingSideOf } from '../permissions.ts';
import { latestTransportRequest } from '../transport/index.ts';
import { heldFacts, join, WRITERS } from './class-out-sheets.ts';

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
  /** Whose and when (« Acme, mardi 3 mars 2026 à 09:30 »): the page's title says it, so that a list of kept
   * tickets (the offline page, docs/decisions/0083) tells them apart. */
  about: string;
  meetingId: number;
  sheets: PdfSheet[];
  pdfUrl: string;
  fileName: string;
  /** How many times its sheet is printed (the authorisation: one per participant). */
  copies: number;
}

export type { MeetingDocumentLink };

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

/** The company's jobs, in French order: what an attestation says were presented. */
async function jobsPresented(db: DbOrTx, companyId: number): Promise<string[]> {
  return (await jobLabelsOfCompany(db, companyId)).sort(compareFrench);
}

async function groupNameOf(db: DbOrTx, groupId: number | null): Promise<string | null> {
  if (groupId === null) return null;
  return (await groupsByIds(db, [groupId])).get(groupId)?.name ?? null;
}

/**
 * One of a meeting's documents for its teacher or one of its company's recruiters, when the meeting has it
 * (common/meeting-documents.ts); null for anyone else, or for a document it does not have: a 404. `print` is
 * what the teacher typed just before printing (times, pupils' names): written into this rendering only.
 */
export async function meetingDocumentFor(
  viewer: Viewer | null,
  id: number,
  kind: MeetingDocumentKind,
  deps: Deps,
  print: PrintDetails = NO_PRINT_DETAILS,
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
    print,
  });
  return {
    kind,
    title: MEETING_DOCUMENT_TITLES[kind],
    about: `${meeting.companyName}, ${formatSlotDate(meeting.startsAt, meeting.timeZone)} à ${formatSlotTime(meeting.startsAt, meeting.timeZone)}`,
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
  print: PrintDetails = NO_PRINT_DETAILS,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; fileName: string } | null> {
  const document = await meetingDocumentFor(viewer, id, kind, deps, print);
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
  const meeting = await meetingFactByAttestationCode(deps.db, code);
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
  const ids = await nextVisitIdsOfTeacher(deps.db, viewer.id, deps.clock.now(), OFFLINE_TICKETS);
  return ids.map((id) => meetingDocumentPath(id, 'billet', 'html'));
}
