import type { MeetingType } from '../../common/constants.ts';
import { agreeing, elide, formatSlotStart, relativeDay } from '../../common/format.ts';
import type { SlotChange } from '../kernel/events.ts';
import {
  defineMailTemplates,
  formatDuration,
  invitation,
  type MailCalendarEvent,
  PLATFORM_NAME,
  plural,
} from '../mail/index.ts';

/** What every e-mail about one meeting says; times are ISO-8601 UTC, shown in `timeZone`. */
export interface MeetingMail {
  audience: 'teacher' | 'company';
  firstName: string;
  companyName: string;
  companyPhone: string | null;
  establishmentName: string;
  teacherName: string;
  meetingTypeLabel: string;
  startsAt: string;
  durationMinutes: number;
  timeZone: string;
  place: string | null;
  detailsUrl: string;
  calendar: MailCalendarEvent;
}

/** To each side of a new booking, with the invitation. */
export interface MeetingBookedMail extends MeetingMail {
  participantsCount: number;
  message: string | null;
}

/**
 * To each side of a booking whose slot the company moved, with the updated invitation; `changes` (what else
 * changed, absent in e-mails queued before it existed) says old → new.
 */
export interface MeetingMovedMail extends MeetingMail {
  previousStartsAt: string;
  changes?: SlotChange[];
}

/** To each side of a booking whose slot the company changed otherwise (type, public, place…): old → new. */
export interface MeetingChangedMail extends MeetingMail {
  changes: SlotChange[];
}

/**
 * A booking changed (docs/decisions/0048): to its company when its teacher changed it, to both sides when the
 * waitlist gave the extra seats a teacher waited for (`fromLine`). Old → new, with the updated invitation.
 */
export interface BookingChangedMail extends MeetingMail {
  changes: SlotChange[];
  fromLine: boolean;
}

/**
 * To each side of a cancelled booking, with the cancellation for calendars. `participantsCount` and
 * `seatsToLine` (how many of the freed seats the waitlist took) are absent in e-mails queued before them.
 */
export interface MeetingCancelledMail extends MeetingMail {
  cancelledBy: 'teacher' | 'company';
  reason: string | null;
  participantsCount?: number;
  seatsToLine?: number;
}

/**
 * A meeting's reminder, to each side three days and one day before it (docs/decisions/0040): who comes,
 * what to get ready, and the two links that act without a login.
 */
export interface MeetingReminderMail extends Omit<MeetingMail, 'calendar'> {
  kind: '3d' | '1d';
  /**
   * Calendar days from the reminder's sending to the meeting, in the slot's zone (0: later today): what it
   * says, « aujourd’hui », « demain », « dans N jours », even when sent late. Absent in older rows.
   */
  daysAway?: number;
  meetingType: MeetingType;
  participantsCount: number;
  /** The group's public ("Collégiens"…). */
  publicLabel: string;
  /** Who comes for the company: name, role and phone. */
  speaker: { name: string; role: string; phone: string };
  checklist: readonly string[];
  /** « Je confirme » and « Je ne peux plus venir »: signed links to the meeting-action page. */
  confirmUrl: string;
  releaseUrl: string;
  /** « Tester ma connexion », for a meeting in the built-in video room (absent otherwise, and in older rows). */
  connectionTestUrl?: string;
}

/** A teacher's booking cancelled because its company left the platform (refused or archived). */
export interface MeetingCancelledByPlatformMail {
  firstName: string;
  companyName: string;
  /** The slot's start, ISO-8601 UTC; shown in `timeZone`. */
  startsAt: string;
  timeZone: string;
  reason: string;
  searchUrl: string;
}

/** To a company's recruiter: a teacher deleted their account, which cancelled their booking. */
export interface MeetingCancelledByTeacherDeletionMail {
  firstName: string;
  establishmentName: string;
  /** The slot's start, ISO-8601 UTC; shown in `timeZone`. */
  startsAt: string;
  timeZone: string;
  participantsCount: number;
  /** How many of the freed seats the waitlist took (absent in e-mails queued before it). */
  seatsToLine?: number;
  meetingsUrl: string;
}

/** To the teacher: the company said the group did not come. */
export interface MeetingMarkedAbsentMail {
  firstName: string;
  companyName: string;
  companyPhone: string | null;
  /** The meeting's start, ISO-8601 UTC; shown in `timeZone`. */
  startsAt: string;
  timeZone: string;
  detailsUrl: string;
}

/** The e-mails of meetings: to both sides of a booking, its reminders, its cancellations by others. */
export const meetingMails = defineMailTemplates({
  meetingBooked: (mail: MeetingBookedMail) => ({
    subject:
      mail.audience === 'teacher'
        ? `Réservation confirmée : ${mail.companyName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`
        : `Nouvelle réservation : ${mail.establishmentName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading:
      mail.audience === 'teacher' ? 'Votre réservation est confirmée' : 'Un créneau vient d’être réservé',
    firstName: mail.firstName,
    before: [
      mail.audience === 'teacher'
        ? `Votre réservation auprès ${elide('de', mail.companyName)} est confirmée.`
        : `${mail.teacherName} (${mail.establishmentName}) a réservé votre créneau pour ${plural(mail.participantsCount, 'participant')}.`,
      ...meetingFacts(mail),
      ...(mail.audience === 'company' && mail.message ? [`Message de l’enseignant : ${mail.message}`] : []),
      'L’invitation est jointe à cet e-mail : ouvrez-la pour ajouter le rendez-vous à votre agenda.',
    ],
    action: { label: 'Voir le rendez-vous', url: mail.detailsUrl },
    attachments: [invitation(mail.calendar)],
  }),
  meetingMoved: (mail: MeetingMovedMail) => ({
    subject: `Rendez-vous déplacé : ${mail.audience === 'teacher' ? mail.companyName : mail.establishmentName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: 'Le rendez-vous change d’horaire',
    firstName: mail.firstName,
    before: [
      mail.audience === 'teacher'
        ? `${mail.companyName} a déplacé le créneau que vous aviez réservé, prévu le ${formatSlotStart(mail.previousStartsAt, mail.timeZone)}.`
        : `Le créneau réservé par ${mail.teacherName} (${mail.establishmentName}), prévu le ${formatSlotStart(mail.previousStartsAt, mail.timeZone)}, est déplacé.`,
      ...changeLines(mail.changes ?? []),
      ...meetingFacts(mail),
      mail.audience === 'teacher'
        ? 'Votre place reste réservée. Si le nouvel horaire ne vous convient pas, vous pouvez annuler depuis le rendez-vous.'
        : 'L’enseignant est prévenu : il garde sa place ou annule.',
      'L’invitation mise à jour est jointe à cet e-mail.',
    ],
    action: { label: 'Voir le rendez-vous', url: mail.detailsUrl },
    attachments: [invitation(mail.calendar)],
  }),
  meetingChanged: (mail: MeetingChangedMail) => ({
    subject: `Rendez-vous modifié : ${mail.audience === 'teacher' ? mail.companyName : mail.establishmentName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: 'Le rendez-vous change',
    firstName: mail.firstName,
    before: [
      mail.audience === 'teacher'
        ? `${mail.companyName} a modifié le créneau que vous avez réservé.`
        : `Le créneau réservé par ${mail.teacherName} (${mail.establishmentName}) est modifié.`,
      ...changeLines(mail.changes),
      ...meetingFacts(mail),
      mail.audience === 'teacher'
        ? 'Votre place reste réservée. Si ces changements ne vous conviennent pas, vous pouvez annuler depuis le rendez-vous.'
        : 'L’enseignant est prévenu.',
    ],
    action: { label: 'Voir le rendez-vous', url: mail.detailsUrl },
    attachments: [invitation(mail.calendar)],
  }),
  bookingChanged: (mail: BookingChangedMail) => ({
    subject: `Réservation modifiée : ${mail.audience === 'teacher' ? mail.companyName : mail.establishmentName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: 'La réservation change',
    firstName: mail.firstName,
    before: [
      mail.audience === 'teacher'
        ? `Des places se sont libérées chez ${mail.companyName} : elles s’ajoutent à votre réservation, comme vous l’aviez demandé sur la liste d’attente.`
        : mail.fromLine
          ? `Des places se sont libérées : la liste d’attente les a ajoutées à la réservation ${elide('de', mail.teacherName)} (${mail.establishmentName}), qui les avait demandées.`
          : `${mail.teacherName} (${mail.establishmentName}) a modifié sa réservation.`,
      ...changeLines(mail.changes),
      ...meetingFacts(mail),
    ],
    action: { label: 'Voir le rendez-vous', url: mail.detailsUrl },
    attachments: [invitation(mail.calendar)],
  }),
  meetingCancelled: (mail: MeetingCancelledMail) => ({
    subject: `Rendez-vous annulé : ${mail.audience === 'teacher' ? mail.companyName : mail.establishmentName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: 'Le rendez-vous est annulé',
    firstName: mail.firstName,
    before: [
      cancellationSentence(mail),
      ...(mail.reason ? [`Motif : ${mail.reason}`] : []),
      ...(mail.audience === 'teacher' && mail.cancelledBy === 'teacher' && mail.companyPhone
        ? [`Merci de prévenir aussi l’entreprise par téléphone : ${mail.companyPhone}.`]
        : []),
      ...(mail.audience === 'company' ? [freedSeatsSentence(mail.participantsCount, mail.seatsToLine)] : []),
    ],
    action: { label: 'Voir le rendez-vous', url: mail.detailsUrl },
    attachments: [invitation(mail.calendar)],
  }),
  meetingReminder: (mail: MeetingReminderMail) => {
    const when = formatSlotStart(mail.startsAt, mail.timeZone);
    // Reminders queued before `daysAway` existed said what their kind was for: one day, three days.
    const daysAway = mail.daysAway ?? (mail.kind === '1d' ? 1 : 3);
    const other = mail.audience === 'teacher' ? mail.companyName : mail.establishmentName;
    const group = `${plural(mail.participantsCount, 'participant')} (${mail.publicLabel})`;
    return {
      subject: `Rappel : ${mail.meetingTypeLabel.toLowerCase()} ${relativeDay(daysAway)}, ${other}, ${when}`,
      heading:
        daysAway <= 1 ? `Votre rendez-vous, c’est ${relativeDay(daysAway)}` : 'Votre rendez-vous approche',
      firstName: mail.firstName,
      before: [
        mail.audience === 'teacher'
          ? `Nous vous rappelons votre rendez-vous avec ${mail.companyName}.`
          : `Nous vous rappelons le rendez-vous réservé par ${mail.teacherName} (${mail.establishmentName}).`,
        `${mail.meetingTypeLabel} le ${when}, durée ${formatDuration(mail.durationMinutes)}.`,
        ...(mail.place
          ? [`${mail.meetingType === 'Webinar' ? 'Lien de la visioconférence' : 'Lieu'} : ${mail.place}`]
          : []),
        ...(mail.connectionTestUrl
          ? [
              `Avant le jour, testez votre connexion et vos appareils depuis l’ordinateur et le réseau de la rencontre : ${mail.connectionTestUrl}`,
            ]
          : []),
        `Participants : ${group}, avec ${mail.teacherName} (${mail.establishmentName}).`,
        `Pour l’entreprise : ${mail.speaker.name}, ${mail.speaker.role}, ${mail.speaker.phone}.`,
        mail.companyPhone
          ? `Téléphone ${elide('de', mail.companyName)} : ${mail.companyPhone}.`
          : `${mail.companyName} n’a pas indiqué de téléphone : appelez ${mail.speaker.phone}.`,
        'À préparer :',
        ...mail.checklist.map((item) => `• ${item}`),
        mail.audience === 'teacher'
          ? `Confirmez votre venue d’un clic, ou libérez ${agreeing(mail.participantsCount, 'la place', 'les places')} si vous ne pouvez plus venir : l’entreprise sera prévenue.`
          : 'Confirmez que le rendez-vous est maintenu d’un clic, ou annulez-le si vous ne pouvez plus recevoir le groupe : l’enseignant sera prévenu.',
      ],
      action: { label: 'Je confirme', url: mail.confirmUrl },
      links: [
        { label: 'Je ne peux plus venir', url: mail.releaseUrl },
        { label: 'Voir le rendez-vous', url: mail.detailsUrl },
        ...(mail.connectionTestUrl ? [{ label: 'Tester ma connexion', url: mail.connectionTestUrl }] : []),
      ],
      after: ['Ces liens fonctionnent sans vous connecter, jusqu’au début du rendez-vous.'],
    };
  },
  meetingCancelledByPlatform: ({
    firstName,
    companyName,
    startsAt,
    timeZone,
    reason,
    searchUrl,
  }: MeetingCancelledByPlatformMail) => ({
    subject: `Rendez-vous annulé : ${companyName}, ${formatSlotStart(startsAt, timeZone)}`,
    heading: 'Votre rendez-vous est annulé',
    firstName,
    before: [
      `Votre rendez-vous avec ${companyName} prévu le ${formatSlotStart(startsAt, timeZone)} est annulé.`,
      `Motif : ${reason}`,
      'Nous sommes désolés pour ce contretemps. D’autres entreprises industrielles accueillent des groupes près de chez vous.',
    ],
    action: { label: 'Trouver une autre entreprise', url: searchUrl },
  }),
  meetingCancelledByTeacherDeletion: ({
    firstName,
    establishmentName,
    startsAt,
    timeZone,
    participantsCount,
    seatsToLine,
    meetingsUrl,
  }: MeetingCancelledByTeacherDeletionMail) => ({
    subject: `Rendez-vous annulé : ${establishmentName}, ${formatSlotStart(startsAt, timeZone)}`,
    heading: 'Un rendez-vous est annulé',
    firstName,
    before: [
      `Le rendez-vous réservé par un enseignant ${elide('de', establishmentName)} pour le ${formatSlotStart(startsAt, timeZone)} (${plural(participantsCount, 'participant')}) est annulé : l’enseignant a supprimé son compte ${PLATFORM_NAME}.`,
      freedSeatsSentence(participantsCount, seatsToLine),
    ],
    action: { label: 'Voir mes rendez-vous', url: meetingsUrl },
  }),
  meetingMarkedAbsent: ({
    firstName,
    companyName,
    companyPhone,
    startsAt,
    timeZone,
    detailsUrl,
  }: MeetingMarkedAbsentMail) => ({
    subject: `Absence signalée : ${companyName}, ${formatSlotStart(startsAt, timeZone)}`,
    heading: 'L’entreprise a signalé votre absence',
    firstName,
    before: [
      `${companyName} indique que votre groupe n’est pas venu au rendez-vous du ${formatSlotStart(startsAt, timeZone)}.`,
      'Cette absence est prise en compte dans les statistiques de la plateforme.',
      companyPhone
        ? `S’il s’agit d’une erreur, contactez l’entreprise au ${companyPhone}.`
        : 'S’il s’agit d’une erreur, contactez l’entreprise.',
    ],
    action: { label: 'Voir le rendez-vous', url: detailsUrl },
  }),
});

/** When, how long and where: what every e-mail of a meeting says of it. */
function meetingFacts(mail: MeetingMail): string[] {
  return [
    `${mail.meetingTypeLabel} le ${formatSlotStart(mail.startsAt, mail.timeZone)}, durée ${formatDuration(mail.durationMinutes)}.`,
    ...(mail.place ? [`Lieu : ${mail.place}`] : []),
  ];
}

/** What changed of the slot, one line each: « Type de rencontre : Visite d’entreprise → Webinaire ». */
function changeLines(changes: SlotChange[]): string[] {
  if (changes.length === 0) return [];
  return [
    'Ce qui change :',
    ...changes.map((change) => `• ${change.label} : ${change.before} → ${change.after}`),
  ];
}

/**
 * What became of a cancelled booking's seats, told to its company: free again, or held for the classes on
 * the slot's waitlist (they go to the line first, in the write that freed them: docs/decisions/0041).
 */
function freedSeatsSentence(seats: number | undefined, toLine = 0): string {
  if (seats === undefined) return 'Les places réservées sont de nouveau disponibles sur votre créneau.';
  const free = seats - Math.min(toLine, seats);
  if (toLine === 0) {
    return agreeing(
      seats,
      'La place réservée est de nouveau disponible sur votre créneau.',
      `Les ${seats} places réservées sont de nouveau disponibles sur votre créneau.`,
    );
  }
  const held = agreeing(
    seats - free,
    'à une classe de la liste d’attente de votre créneau',
    'aux classes de la liste d’attente de votre créneau',
  );
  if (free === 0) {
    return `${agreeing(seats, 'La place libérée est réservée', `Les ${seats} places libérées sont réservées`)} ${held}.`;
  }
  return `${plural(seats - free, 'place libérée est réservée', 'places libérées sont réservées')} ${held} ; ${agreeing(free, 'l’autre est de nouveau disponible', `les ${free} autres sont de nouveau disponibles`)}.`;
}

/** Who cancelled, as the recipient reads it. */
function cancellationSentence(mail: MeetingMail & { cancelledBy: 'teacher' | 'company' }): string {
  const when = formatSlotStart(mail.startsAt, mail.timeZone);
  if (mail.audience === 'teacher') {
    return mail.cancelledBy === 'teacher'
      ? `Vous avez annulé votre rendez-vous avec ${mail.companyName} prévu le ${when}.`
      : `${mail.companyName} a annulé le rendez-vous prévu le ${when}. Nous sommes désolés pour ce contretemps.`;
  }
  return mail.cancelledBy === 'teacher'
    ? `${mail.teacherName} (${mail.establishmentName}) a annulé le rendez-vous prévu le ${when}.`
    : `Vous avez annulé le rendez-vous ${elide('de', mail.teacherName)} (${mail.establishmentName}) prévu le ${when}.`;
}
