import { defineMailTemplates, PLATFORM_NAME } from '../mail/index.ts';

/** To the recruiter who signed a company up: it waits for the operators' review. */
export interface CompanySignupReceivedMail {
  firstName: string;
  companyName: string;
}

/** The e-mails of companies. */
export const companyMails = defineMailTemplates({
  companySignupReceived: ({ firstName, companyName }: CompanySignupReceivedMail) => ({
    subject: `Nous avons bien reçu l'inscription de ${companyName}`,
    heading: 'Inscription bien reçue',
    firstName,
    before: [
      `Merci d'avoir inscrit ${companyName} sur ${PLATFORM_NAME} ! Votre demande est bien enregistrée.`,
      "L'équipe de la plateforme va l'examiner dans les meilleurs délais. Vous recevrez un e-mail dès que votre entreprise sera validée.",
    ],
  }),
});
