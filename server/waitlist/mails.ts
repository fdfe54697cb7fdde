import { agreeing, elide, formatSlotStart } from '../../common/format.ts';
import { defineMailTemplates, plural } from '../mail/index.ts';

/** To a teacher on a slot's waitlist: seats are held for the group until `expiresAt` (decision 0041). */
export interface WaitlistOfferMail {
  firstName: string;
  companyName: string;
  /** The slot's start, ISO-8601 UTC; shown in `timeZone`. */
  startsAt: string;
  timeZone: string;
  groupSize: number;
  /** ISO-8601 UTC; shown in the slot's zone. */
  expiresAt: string;
  offerUrl: string;
}

/** To a teacher whose wait on a slot is over: which slot, and the way back to the search. */
export interface LineEndedMail {
  firstName: string;
  companyName: string;
  startsAt: string;
  timeZone: string;
  searchUrl: string;
}

/** To the teacher whose offer lapsed unanswered: the seats went to the next in line. */
export type WaitlistOfferLapsedMail = LineEndedMail;

/** To a teacher in a slot's line, or holding its offer: the company deleted the slot, the line is closed. */
export interface WaitlistClosedMail extends LineEndedMail {
  wasOffered: boolean;
}

/** The waitlist's e-mails: seats offered, an offer lapsed, a line closed with its slot. */
export const waitlistMails = defineMailTemplates({
  waitlistOffer: (mail: WaitlistOfferMail) => {
    const seats = mail.groupSize;
    return {
      subject: `${agreeing(seats, 'Une place se libère', 'Des places se libèrent')} : ${mail.companyName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
      heading: agreeing(seats, 'Une place vous est proposée', 'Des places vous sont proposées'),
      firstName: mail.firstName,
      before: [
        `${agreeing(seats, 'Une place s’est libérée', 'Des places se sont libérées')} sur le créneau ${elide('de', mail.companyName)} du ${formatSlotStart(mail.startsAt, mail.timeZone)}, pour lequel vous étiez sur la liste d’attente.`,
        `${plural(seats, 'place vous est réservée', 'places vous sont réservées')} jusqu’au ${formatSlotStart(mail.expiresAt, mail.timeZone)}. ${agreeing(seats, 'Acceptez-la', 'Acceptez-les')} pour confirmer la réservation ; sans réponse, ${agreeing(seats, 'elle sera proposée', 'elles seront proposées')} à l’enseignant suivant.`,
      ],
      action: {
        label: agreeing(seats, 'Accepter ou refuser la place', 'Accepter ou refuser les places'),
        url: mail.offerUrl,
      },
    };
  },
  waitlistClosed: (mail: WaitlistClosedMail) => ({
    subject: `Créneau supprimé : ${mail.companyName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: 'Le créneau n’est plus proposé',
    firstName: mail.firstName,
    before: [
      `${mail.companyName} a supprimé son créneau du ${formatSlotStart(mail.startsAt, mail.timeZone)}, pour lequel vous étiez sur la liste d’attente.`,
      mail.wasOffered
        ? 'La place qui vous était proposée n’est donc plus disponible, et la liste d’attente est close.'
        : 'La liste d’attente est close.',
      'D’autres entreprises industrielles accueillent des groupes près de chez vous.',
    ],
    action: { label: 'Chercher un autre créneau', url: mail.searchUrl },
  }),
  waitlistOfferLapsed: (mail: WaitlistOfferLapsedMail) => ({
    subject: `Place non confirmée : ${mail.companyName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: 'La place proposée n’a pas été confirmée à temps',
    firstName: mail.firstName,
    before: [
      `La place qui vous était proposée sur le créneau ${elide('de', mail.companyName)} du ${formatSlotStart(mail.startsAt, mail.timeZone)} n’a pas été acceptée dans les 24 heures : elle est proposée à l’enseignant suivant.`,
    ],
    action: { label: 'Chercher un autre créneau', url: mail.searchUrl },
  }),
});
