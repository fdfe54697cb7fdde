import type { MeetingType, StoredMeetingStatus } from './constants.ts';
import { meetingHeld } from './slots.ts';

/**
 * A booked meeting's documents (PRODUCT.md, « Taking a class out »; docs/decisions/0046): each as a PDF
 * (`/meetings/{id}/{kind}.pdf`) and as a printable page (`/meetings/{id}/{kind}`), for the meeting's two
 * sides only. The kind is the path's word.
 */
export const MEETING_DOCUMENT_KINDS = [
  'fiche-de-sortie',
  'autorisation-parentale',
  'billet',
  'attestation',
] as const;
export type MeetingDocumentKind = (typeof MEETING_DOCUMENT_KINDS)[number];

export const MEETING_DOCUMENT_TITLES: Record<MeetingDocumentKind, string> = {
  'fiche-de-sortie': 'Fiche de sortie',
  'autorisation-parentale': 'Autorisation parentale',
  billet: 'Billet de la rencontre',
  attestation: 'Attestation de participation',
};

export function isMeetingDocumentKind(value: string): value is MeetingDocumentKind {
  return (MEETING_DOCUMENT_KINDS as readonly string[]).includes(value);
}

export const meetingDocumentPath = (id: number, kind: MeetingDocumentKind, format: 'html' | 'pdf') =>
  `/meetings/${id}/${kind}${format === 'pdf' ? '.pdf' : ''}`;

/** The public check of an attestation's code (no login, no script). */
export const attestationPath = (code: string) => `/attestation/${code}`;

/** An attestation's code as drawn at booking (migration 0022): 16 hexadecimal characters, upper case. */
export const ATTESTATION_CODE = /^[0-9A-F]{16}$/;

/** The code as typed or linked, compared without regard to case; null when it cannot be one. */
export function normaliseAttestationCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  return ATTESTATION_CODE.test(code) ? code : null;
}

/**
 * Which documents a meeting has (PRODUCT.md): the fiche and the ticket for a standing visit or
 * intervention, the parents' authorisation for a standing visit, the attestation once the meeting is held.
 */
export function meetingDocumentExists(
  kind: MeetingDocumentKind,
  meeting: {
    status: StoredMeetingStatus;
    meetingType: MeetingType;
    endsAt: Date;
    absentAt: Date | null;
  },
  now: Date,
): boolean {
  const standing = meeting.status !== 'cancelled';
  switch (kind) {
    case 'fiche-de-sortie':
    case 'billet':
      return standing && meeting.meetingType !== 'Webinar';
    case 'autorisation-parentale':
      return standing && meeting.meetingType === 'CompanyVisit';
    case 'attestation':
      return meetingHeld(meeting, now);
  }
}

/** A link to one of a meeting's documents, for its details page. */
export interface MeetingDocumentLink {
  kind: MeetingDocumentKind;
  title: string;
  htmlUrl: string;
  pdfUrl: string;
}

/**
 * What the teacher may type on a document's page just before printing it (docs/decisions/0081): the
 * times the group leaves and comes back, and the pupils' names for the parents' authorisation. Posted
 * with the page or its PDF, used for that rendering and never kept: no database, no log.
 */
export interface PrintDetails {
  /** « 08:15 », or null: a line left to fill by hand. */
  departure: string | null;
  returning: string | null;
  pupils: string[];
}

export const NO_PRINT_DETAILS: PrintDetails = { departure: null, returning: null, pupils: [] };

/** The posted fields' names. */
export const PRINT_FIELDS = { departure: 'depart', returning: 'retour', pupils: 'eleves' } as const;

/** Which documents ask for what at print time: the times on both, the names on the authorisation. */
export const PRINT_DETAILS_ASKED: Partial<Record<MeetingDocumentKind, { times: boolean; pupils: boolean }>> =
  {
    'fiche-de-sortie': { times: true, pupils: false },
    'autorisation-parentale': { times: true, pupils: true },
  };

/** A class and its adults, with room to spare; a name longer than a line is cut. */
export const MAX_PUPILS = 60;
const MAX_PUPIL_NAME = 80;

const timeOf = (value: string | undefined) =>
  value && /^([01]\d|2[0-3]):[0-5]\d$/.test(value) ? value : null;

/** The details as posted (any field missing or malformed is left blank): one pupil per non-empty line. */
export function printDetailsOf(fields: Record<string, string | undefined>): PrintDetails {
  const pupils = (fields[PRINT_FIELDS.pupils] ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim().slice(0, MAX_PUPIL_NAME))
    .filter(Boolean)
    .slice(0, MAX_PUPILS);
  return {
    departure: timeOf(fields[PRINT_FIELDS.departure]),
    returning: timeOf(fields[PRINT_FIELDS.returning]),
    pupils,
  };
}
