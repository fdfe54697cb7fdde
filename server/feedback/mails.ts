import { formatSlotStart } from '../../common/format.ts';
import { defineMailTemplates } from '../mail/index.ts';

/** The questionnaire's e-mails: which meeting, and the link to its form. */
export interface FeedbackMail {
  firstName: string;
  companyName: string;
  meetingTypeLabel: string;
  /** The meeting's start, ISO-8601 UTC; shown in `timeZone`. */
  startsAt: string;
  timeZone: string;
  feedbackUrl: string;
}

/**
 * To the teacher of a meeting just done: the satisfaction questionnaire, one click away; then the one
 * reminder, three days after the invitation, while the questionnaire is unanswered.
 */
export const feedbackMails = defineMailTemplates({
  feedbackInvitation: (mail: FeedbackMail) => ({
    subject: `Votre avis sur votre rencontre avec ${mail.companyName}`,
    heading: 'Comment s’est passée la rencontre ?',
    firstName: mail.firstName,
    before: [
      `${mail.meetingTypeLabel} avec ${mail.companyName}, le ${formatSlotStart(mail.startsAt, mail.timeZone)} : merci d’y avoir participé avec votre groupe !`,
      'Dites-nous en deux minutes comment elle s’est passée : trois questions et, si vous le souhaitez, un commentaire. Vos réponses aident l’entreprise à améliorer ses prochaines rencontres.',
    ],
    action: { label: 'Donner mon avis', url: mail.feedbackUrl },
  }),
  feedbackReminder: (mail: FeedbackMail) => ({
    subject: `Rappel : votre avis sur votre rencontre avec ${mail.companyName}`,
    heading: 'Votre avis compte',
    firstName: mail.firstName,
    before: [
      `Vous n’avez pas encore donné votre avis sur la rencontre avec ${mail.companyName} du ${formatSlotStart(mail.startsAt, mail.timeZone)}.`,
      'Deux minutes suffisent : trois questions et, si vous le souhaitez, un commentaire. C’est le seul rappel que vous recevrez.',
    ],
    action: { label: 'Donner mon avis', url: mail.feedbackUrl },
  }),
});
