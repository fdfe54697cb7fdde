import { elide } from '../../common/format.ts';
import { defineMailTemplates, PLATFORM_NAME } from '../mail/index.ts';

/** To each recruiter of a company the operators validated, or restored after archiving it. */
export interface CompanyWelcomedMail {
  firstName: string;
  companyName: string;
  loginUrl: string;
}

export interface CompanyRefusedMail {
  firstName: string;
  companyName: string;
  reason: string | null;
}

export interface CompanyArchivedMail {
  firstName: string;
  companyName: string;
}

/** To the sender of a contact-form message: the operators' answer (docs/decisions/0042). */
export interface ContactAnsweredMail {
  firstName: string;
  senderName: string;
  /** The message's subject, as a ContactSubject's label. */
  subjectLabel: string;
  message: string;
  answer: string;
}

/** The back-office's e-mails: the operators' decisions on a company, their answer to a message. */
export const adminMails = defineMailTemplates({
  companyValidated: ({ firstName, companyName, loginUrl }: CompanyWelcomedMail) => ({
    subject: `${companyName} est validée sur ${PLATFORM_NAME}`,
    heading: 'Votre entreprise est validée',
    firstName,
    before: [
      `Bonne nouvelle : l’équipe de la plateforme a validé l’inscription ${elide('de', companyName)}.`,
      'Vous pouvez désormais vous connecter pour proposer vos visites et vos interventions aux enseignants.',
    ],
    action: { label: 'Me connecter', url: loginUrl },
  }),
  companyRefused: ({ firstName, companyName, reason }: CompanyRefusedMail) => ({
    subject: `Votre demande d’inscription pour ${companyName}`,
    heading: 'Votre demande n’a pas été retenue',
    firstName,
    before: [
      `Après examen, l’équipe de la plateforme n’a pas pu valider l’inscription ${elide('de', companyName)} sur ${PLATFORM_NAME}.`,
      ...(reason?.trim() ? [`Motif indiqué : ${reason.trim()}`] : []),
      'Pour en savoir plus ou présenter une nouvelle demande, contactez l’équipe de la plateforme en répondant à cet e-mail.',
    ],
  }),
  companyRestored: ({ firstName, companyName, loginUrl }: CompanyWelcomedMail) => ({
    subject: `${companyName} est de nouveau active sur ${PLATFORM_NAME}`,
    heading: 'Votre entreprise est de nouveau active',
    firstName,
    before: [
      `L’équipe de la plateforme a réactivé ${companyName}. Vous pouvez de nouveau vous connecter et proposer vos visites et vos interventions aux enseignants.`,
      'Les créneaux et les rendez-vous annulés lors de l’archivage ne sont pas rétablis : publiez de nouveaux créneaux.',
    ],
    action: { label: 'Me connecter', url: loginUrl },
  }),
  companyArchived: ({ firstName, companyName }: CompanyArchivedMail) => ({
    subject: `${companyName} n’est plus présente sur ${PLATFORM_NAME}`,
    heading: 'Votre entreprise a été archivée',
    firstName,
    before: [
      `L’équipe de la plateforme a archivé ${companyName} sur ${PLATFORM_NAME}. Votre entreprise n’apparaît plus dans les recherches des enseignants et vous ne pouvez plus vous connecter.`,
      'Vos créneaux à venir ont été retirés et les enseignants qui les avaient réservés ont été prévenus.',
      'Pour toute question ou pour revenir sur la plateforme, contactez l’équipe en répondant à cet e-mail.',
    ],
  }),
  contactAnswered: (mail: ContactAnsweredMail) => ({
    subject: `Réponse à votre message : ${mail.subjectLabel}`,
    heading: 'L’équipe de la plateforme vous répond',
    firstName: mail.firstName,
    before: [
      `Voici la réponse de l’équipe de ${PLATFORM_NAME} à votre message (${mail.subjectLabel}).`,
      `Notre réponse : ${mail.answer}`,
      `Votre message : ${mail.message}`,
    ],
    after: [
      'Pour compléter votre demande, écrivez-nous de nouveau depuis la page « Nous contacter » du site.',
    ],
  }),
});
