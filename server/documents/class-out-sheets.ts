import { MEETING_TYPE_LABELS, PUBLIC_CATEGORY_LABELS, SECTOR_LABELS } from '../../common/constants.ts';
import {
  formatDuration,
  formatPhone,
  formatSlotDate,
  formatSlotHours,
  formatSlotTime,
  plural,
} from '../../common/format.ts';
import {
  attestationPath,
  type MeetingDocumentKind,
  type PrintDetails,
} from '../../common/meeting-documents.ts';
import { meetingPlace, preparationChecklist } from '../../common/meetings.ts';
import { TRANSPORT_STATUS_LABELS } from '../../common/transport.ts';
import type { PdfBlock, PdfSheet } from '../kernel/ports/pdf.ts';
import type { MeetingFact } from '../meetings/index.ts';
import type { latestTransportRequest } from '../transport/index.ts';

/**
 * The sheets of a meeting's documents (class-out.ts): what each says, written once for the page and the PDF.
 */

/** Minutes before the start a group is asked to be there (the checklist's « 10 minutes en avance »). */
const ARRIVAL_AHEAD_MINUTES = 10;

/** "25 participants" (adults included, as booked), "1 participant". */
const participants = (count: number) => plural(count, 'participant');

export const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' — ');

/** A phone as read aloud, « 07 40 13 80 85 »; none stays none. */
const phone = (number: string | null) => number && formatPhone(number);

/** A line the teacher fills by hand on the printed sheet. */
export const HAND_FILLED = '………………………………';

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
export interface Sources {
  meeting: MeetingFact;
  side: 'teacher' | 'company';
  groupName: string | null;
  charterAcceptedAt: Date | null;
  transport: Awaited<ReturnType<typeof latestTransportRequest>>;
  jobs: string[];
  publicUrl: string;
  /** Typed on the page just before printing, never kept (docs/decisions/0081). */
  print: PrintDetails;
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
      ['Téléphone', phone(meeting.companyPhone)],
      [
        'Contact',
        join(meeting.companyContactName, phone(meeting.companyContactPhone), meeting.companyContactEmail) ||
          null,
      ],
      [
        'Intervenant',
        join(
          `${meeting.speakerFirstname} ${meeting.speakerName}`,
          meeting.speakerRole,
          phone(meeting.speakerPhone),
          meeting.speakerEmail,
        ),
      ],
    ],
  };
}

const NO_TRAVEL = 'Sans objet : la rencontre a lieu dans l’établissement.';

/** The transport-help request and its answer; a classroom intervention needs none. */
function transportText(sources: Sources): string {
  const { meeting, transport } = sources;
  if (meeting.meetingType !== 'CompanyVisit') return NO_TRAVEL;
  if (!transport) return 'Aucune demande d’aide au transport.';
  const asked = `Demande d’aide au transport du ${formatSlotDate(transport.createdAt, meeting.timeZone)} (départ : ${transport.departureLabel}, ${participants(transport.groupSize)}) — ${TRANSPORT_STATUS_LABELS[transport.status].toLowerCase()}.`;
  return transport.answer ? `${asked}\nRéponse : ${transport.answer}` : asked;
}

/**
 * How the group travels: by the transport help once accepted, else a line to fill by hand; the times
 * it leaves and comes back as typed at print time, else lines to fill (docs/decisions/0081).
 */
function travelFacts(sources: Sources): [string, string][] {
  const { transport, print } = sources;
  return [
    ['Départ de l’établissement', print.departure ?? HAND_FILLED],
    ['Retour à l’établissement', print.returning ?? HAND_FILLED],
    [
      'Moyen de transport',
      transport?.status === 'accepted'
        ? `Aide au transport acceptée (départ : ${transport.departureLabel})`
        : HAND_FILLED,
    ],
  ];
}

/** The fiche's journey: a visit's times, means and transport help; an intervention has none. */
function travelBlocks(sources: Sources): PdfBlock[] {
  if (sources.meeting.meetingType !== 'CompanyVisit') {
    return [
      { kind: 'heading', text: 'Transport' },
      { kind: 'paragraph', text: NO_TRAVEL },
    ];
  }
  return [
    { kind: 'heading', text: 'Le trajet' },
    { kind: 'facts', facts: [...travelFacts(sources), ['Aide au transport', transportText(sources)]] },
  ];
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
            ['Enseignant', join(teacherName(meeting), phone(meeting.teacherPhone), meeting.teacherEmail)],
            [
              'Adulte accompagnateur',
              join(meeting.accompanyingAdultName, phone(meeting.accompanyingAdultPhone)) || null,
            ],
          ],
        },
        { kind: 'heading', text: 'Le lieu' },
        placeFacts(meeting),
        { kind: 'heading', text: 'L’entreprise' },
        companyContactFacts(meeting),
        ...travelBlocks(sources),
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

/**
 * The parents' authorisation: one page per pupil named at print time, the name written in; without names,
 * one blank page per participant (docs/decisions/0081).
 */
function authorisation(sources: Sources): PdfSheet[] {
  const { meeting, print } = sources;
  if (print.pupils.length > 0) return print.pupils.map((pupil) => authorisationSheet(sources, pupil));
  return [{ ...authorisationSheet(sources, null), copies: meeting.participantsCount }];
}

function authorisationSheet(sources: Sources, pupil: string | null): PdfSheet {
  const { meeting } = sources;
  return {
    title: 'Autorisation parentale de sortie',
    subtitle: `Visite de l’entreprise ${meeting.companyName}`,
    blocks: [
      {
        kind: 'paragraph',
        text: `Je soussigné(e) ………………………………………………, responsable légal(e) de l’élève ${pupil ?? '………………………………………………'}, autorise mon enfant à participer à la sortie suivante :`,
      },
      {
        kind: 'facts',
        facts: [
          ['Sortie', `Visite de l’entreprise ${meeting.companyName}`],
          ['Date', formatSlotDate(meeting.startsAt, meeting.timeZone)],
          ['Horaires sur place', formatSlotHours(meeting.startsAt, meeting.endsAt, meeting.timeZone)],
          ...travelFacts(sources),
          ['Lieu', place(meeting)],
          ['Établissement', meeting.establishmentName],
          ['Groupe', sources.groupName],
          ['Enseignant', join(teacherName(meeting), phone(meeting.teacherPhone), meeting.teacherEmail)],
          ['Adulte accompagnateur', meeting.accompanyingAdultName],
        ],
      },
      {
        kind: 'paragraph',
        text: 'Téléphone où me joindre le jour de la sortie : ………………………………………………',
      },
      { kind: 'paragraph', text: 'Fait à ………………………………………………, le ………………………………' },
      { kind: 'signatures', labels: ['Signature du responsable légal'] },
    ],
  };
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
            ['Enseignant', join(teacherName(meeting), phone(meeting.teacherPhone))],
            [
              'Adulte accompagnateur',
              join(meeting.accompanyingAdultName, phone(meeting.accompanyingAdultPhone)) || null,
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
export function heldFacts(meeting: MeetingFact, jobs: string[]): [string, string | null][] {
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

export const WRITERS: Record<MeetingDocumentKind, (sources: Sources) => PdfSheet[]> = {
  'fiche-de-sortie': ficheDeSortie,
  'autorisation-parentale': authorisation,
  billet: ticket,
  attestation,
};
