import type { MeetingType } from './constants.ts';
import { ROUTES } from './routes.ts';

/** Which side of a meeting: the teacher who booked it, or the company that hosts it. */
export type MeetingSide = 'teacher' | 'company';

/**
 * A webinar's place, for its teachers, where the platform has no video room (LiveKit not configured) and the
 * company has not given its link yet: not a room that would never open (issue 21, PRODUCT.md Teams).
 */
export const LINK_FROM_COMPANY_LABEL = 'Lien communiqué par l’entreprise';

/** An intervention's place before a group is named: its teacher's establishment, whichever it is. */
export const IN_THE_TEACHERS_ESTABLISHMENT = 'dans l’établissement de l’enseignant';

/** What a meeting's place is drawn from: its slot, its company's address and its group's establishment. */
export interface PlaceSource {
  meetingType: MeetingType;
  slotId: number;
  placeLabel: string | null;
  videoLink: string | null;
  companyAddress: string | null;
  establishmentName: string | null;
  establishmentAddress: string | null;
}

/** A visit happens at the place its slot gives, else at the company's address (PRODUCT.md, Slots). */
export const visitPlace = (placeLabel: string | null, companyAddress: string | null) =>
  placeLabel ?? companyAddress;

/**
 * Where the meeting happens (PRODUCT.md, Slots), the one text of every page, e-mail, calendar event, PDF and
 * change summary: a visit at the place its slot gives, else at the company's address; an intervention at
 * the teacher's establishment; a webinar at its external link or in the built-in room, which a platform
 * without LiveKit does not have (`builtInRoom` false): then the company gives its link itself, and the
 * teachers are not sent to a room that never opens (issue 21).
 */
export function meetingPlace(meeting: PlaceSource, publicUrl: string, builtInRoom = true): string | null {
  switch (meeting.meetingType) {
    case 'CompanyVisit':
      return visitPlace(meeting.placeLabel, meeting.companyAddress);
    case 'ClassroomIntervention':
      return meeting.establishmentAddress
        ? `${meeting.establishmentName ?? ''}, ${meeting.establishmentAddress}`.replace(/^, /, '')
        : meeting.establishmentName;
    case 'Webinar':
      if (meeting.videoLink) return meeting.videoLink;
      return inBuiltInRoom(meeting, builtInRoom)
        ? `${publicUrl}${ROUTES.meetingVideoConference(meeting.slotId)}`
        : LINK_FROM_COMPANY_LABEL;
  }
}

/**
 * Whether the meeting is held in the platform's own video room: a webinar without the company's link, on a
 * platform with LiveKit. Its place is the room, and its reminders send to « Tester ma connexion » (issue 38).
 */
export function inBuiltInRoom(
  meeting: Pick<PlaceSource, 'meetingType' | 'videoLink'>,
  builtInRoom: boolean,
): boolean {
  return meeting.meetingType === 'Webinar' && !meeting.videoLink && builtInRoom;
}

/**
 * What to get ready, by meeting type, for each side: the meeting's details page lists it, and so does
 * each reminder e-mail (docs/decisions/0040).
 */
const PREPARATION_CHECKLIST: Record<MeetingSide, Record<MeetingType, readonly string[]>> = {
  teacher: {
    CompanyVisit: [
      'Des chaussures fermées pour tout le groupe, des chaussures de sécurité si l’entreprise le demande.',
      'Une pièce d’identité pour chaque adulte accompagnateur.',
      'Vérifier les autorisations de sortie des élèves.',
      'Arriver 10 minutes en avance à l’accueil de l’entreprise.',
      'Vérifier le trajet et le transport du groupe.',
      'Préparer avec les élèves quelques questions sur les métiers.',
    ],
    ClassroomIntervention: [
      'Réserver une salle adaptée à la taille du groupe.',
      'Prévoir un vidéoprojecteur, un écran et un câble HDMI.',
      'Prévenir l’accueil de l’établissement de la venue de l’intervenant.',
      'Préparer avec les élèves quelques questions sur les métiers.',
    ],
    Webinar: [
      'Tester le son, la caméra et le lien de connexion la veille.',
      'Prévoir un vidéoprojecteur et des haut-parleurs pour la classe.',
      'Se connecter 10 minutes avant le début.',
      'Préparer avec les élèves quelques questions sur les métiers.',
    ],
  },
  company: {
    CompanyVisit: [
      'Prévoir les équipements de protection du groupe (casques, lunettes, bouchons d’oreilles…).',
      'Prévenir l’accueil ou le poste de garde de l’arrivée du groupe.',
      'Préparer un parcours de visite sûr et les consignes de sécurité.',
      'Rappeler à l’enseignant les équipements que les élèves doivent porter.',
    ],
    ClassroomIntervention: [
      'Confirmer avec l’enseignant la salle et le matériel (vidéoprojecteur).',
      'Préparer une présentation courte, avec des objets ou des vidéos de vos métiers.',
      'Prévoir le trajet jusqu’à l’établissement et une pièce d’identité.',
    ],
    Webinar: [
      'Tester le son, la caméra et le lien de connexion.',
      'Préparer le partage d’écran de votre présentation.',
      'Se connecter 10 minutes avant le début.',
    ],
  },
};

export function preparationChecklist(meetingType: MeetingType, side: MeetingSide): readonly string[] {
  return PREPARATION_CHECKLIST[side][meetingType];
}

/** What a reminder's link does: « Je confirme » or « Je ne peux plus venir » (docs/decisions/0040). */
export type MeetingLinkAction = 'confirm' | 'release';
