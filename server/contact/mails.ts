import { elide } from '../../common/format.ts';
import { defineMailTemplates, PLATFORM_NAME } from '../mail/index.ts';

/** To a company that asked to be contacted while it has no slot: a teacher's message. */
export interface CompanyContactedMail {
  firstName: string;
  companyName: string;
  teacherName: string;
  teacherEmail: string;
  establishmentName: string | null;
  message: string;
}

/** The contact form's e-mails: whom they greet, who wrote, and about what (a ContactSubject's label). */
interface ContactMail {
  firstName: string;
  senderName: string;
  subjectLabel: string;
}

/** To each operator of the sender's region: a contact-form message to handle (docs/decisions/0042). */
export interface ContactReceivedMail extends ContactMail {
  senderEmail: string;
  senderRole: string | null;
  organisation: string | null;
  message: string;
  url: string;
}

/** To the sender of a contact-form message: it was received, and what they wrote. */
export interface ContactAcknowledgedMail extends ContactMail {
  message: string;
}

/** The e-mails of the contact form and of a company's contact button. */
export const contactMails = defineMailTemplates({
  companyContacted: ({
    firstName,
    companyName,
    teacherName,
    teacherEmail,
    establishmentName,
    message,
  }: CompanyContactedMail) => ({
    subject: `Un enseignant souhaite rencontrer ${companyName}`,
    heading: 'Un enseignant vous écrit',
    firstName,
    before: [
      `${teacherName}${establishmentName ? ` (${establishmentName})` : ''} a vu la page ${elide('de', companyName)} sur ${PLATFORM_NAME} et souhaite organiser une rencontre avec ses élèves.`,
      `Son message : ${message}`,
      `Pour lui répondre, écrivez-lui à ${teacherEmail}, ou publiez un créneau sur la plateforme : il pourra le réserver directement.`,
    ],
  }),
  contactReceived: (mail: ContactReceivedMail) => ({
    subject: `Message via le formulaire de contact : ${mail.subjectLabel} — ${mail.senderName}`,
    heading: 'Un message attend votre réponse',
    firstName: mail.firstName,
    before: [
      `${mail.senderName}${mail.senderRole ? `, ${mail.senderRole}` : ''}${mail.organisation ? ` (${mail.organisation})` : ''}, vous écrit par le formulaire de contact de ${PLATFORM_NAME}.`,
      `Sujet : ${mail.subjectLabel}. Adresse e-mail : ${mail.senderEmail}.`,
      `Son message : ${mail.message}`,
    ],
    action: { label: 'Traiter le message', url: mail.url },
  }),
  contactAcknowledged: (mail: ContactAcknowledgedMail) => ({
    subject: `Nous avons bien reçu votre message : ${mail.subjectLabel}`,
    heading: 'Votre message est bien reçu',
    firstName: mail.firstName,
    before: [
      `Merci de nous avoir écrit. L’équipe de ${PLATFORM_NAME} de votre région a bien reçu votre message et vous répondra par e-mail.`,
      `Sujet : ${mail.subjectLabel}.`,
      `Votre message : ${mail.message}`,
    ],
  }),
});
