import { elide } from '../../common/format.ts';
import { defineMailTemplates, PLATFORM_NAME } from '../mail/index.ts';

/** To the recruiter who signed a company up: it waits for the operators' review. */
export interface CompanySignupReceivedMail {
  firstName: string;
  companyName: string;
}

/** To each operator of the company's region (national administrators where it has none): a company to review. */
export interface CompanySignedUpMail {
  firstName: string;
  companyName: string;
  city: string | null;
  departmentCode: string | null;
  recruiterName: string;
  /** The company's page in the back-office, where it is validated or refused. */
  url: string;
}

/** The e-mails of companies. */
export const companyMails = defineMailTemplates({
  companySignupReceived: ({ firstName, companyName }: CompanySignupReceivedMail) => ({
    subject: `Nous avons bien reçu l’inscription ${elide('de', companyName)}`,
    heading: 'Inscription bien reçue',
    firstName,
    before: [
      `Merci d’avoir inscrit ${companyName} sur ${PLATFORM_NAME} ! Votre demande est bien enregistrée.`,
      'L’équipe de la plateforme va l’examiner dans les meilleurs délais. Vous recevrez un e-mail dès que votre entreprise sera validée.',
    ],
  }),
  companySignedUp: (mail: CompanySignedUpMail) => ({
    subject: `Nouvelle entreprise à valider : ${mail.companyName}`,
    heading: 'Une entreprise attend votre validation',
    firstName: mail.firstName,
    before: [
      `${mail.companyName}${mail.city ? ` (${mail.city}${mail.departmentCode ? `, ${mail.departmentCode}` : ''})` : ''} vient de s’inscrire sur ${PLATFORM_NAME}, par ${mail.recruiterName}.`,
      'Vérifiez ses informations, puis validez-la ou refusez-la : elle ne peut pas publier de créneau d’ici là.',
    ],
    action: { label: 'Examiner l’entreprise', url: mail.url },
  }),
});
