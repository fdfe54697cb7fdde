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

/** To a colleague a company admin invited into its team (issue 21): the link to join, valid 7 days, once. */
export interface RecruiterInvitationMail {
  companyName: string;
  inviterName: string;
  acceptUrl: string;
  expiresInDays: number;
}

/** To each admin of a company: someone asked to join its team at sign-up. */
export interface JoinRequestReceivedMail {
  firstName: string;
  companyName: string;
  requesterName: string;
  requesterEmail: string;
  /** The team page, where the request is accepted or refused. */
  teamUrl: string;
}

/** To who asked to join a company's team: accepted (they may log in) or refused. */
export interface JoinRequestAnsweredMail {
  firstName: string;
  companyName: string;
  /** The login page, when accepted. */
  loginUrl: string | null;
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
  companySignedUp: (mail: CompanySignedUpMail) => ({
    subject: `Nouvelle entreprise à valider : ${mail.companyName}`,
    heading: 'Une entreprise attend votre validation',
    firstName: mail.firstName,
    before: [
      `${mail.companyName}${mail.city ? ` (${mail.city}${mail.departmentCode ? `, ${mail.departmentCode}` : ''})` : ''} vient de s'inscrire sur ${PLATFORM_NAME}, par ${mail.recruiterName}.`,
      "Vérifiez ses informations, puis validez-la ou refusez-la : elle ne peut pas publier de créneau d'ici là.",
    ],
    action: { label: "Examiner l'entreprise", url: mail.url },
  }),
  recruiterInvitation: (mail: RecruiterInvitationMail) => ({
    subject: `${mail.inviterName} vous invite à rejoindre ${mail.companyName} sur ${PLATFORM_NAME}`,
    heading: `Rejoignez l'équipe de ${mail.companyName}`,
    firstName: '',
    before: [
      `${mail.inviterName} vous invite à rejoindre l'équipe de ${mail.companyName} sur ${PLATFORM_NAME} : vous pourrez publier des créneaux de visite et d'intervention et suivre les rencontres avec les enseignants.`,
      `Pour accepter, indiquez votre nom et choisissez votre mot de passe avec le lien ci-dessous. Il est valable ${mail.expiresInDays} jours et ne peut servir qu'une seule fois.`,
    ],
    action: { label: "Rejoindre l'équipe", url: mail.acceptUrl },
    after: ["Si vous n'attendiez pas cette invitation, ignorez simplement cet e-mail."],
  }),
  joinRequestReceived: (mail: JoinRequestReceivedMail) => ({
    subject: `${mail.requesterName} demande à rejoindre ${mail.companyName}`,
    heading: 'Une demande pour rejoindre votre équipe',
    firstName: mail.firstName,
    before: [
      `${mail.requesterName} (${mail.requesterEmail}) demande à rejoindre l'équipe de ${mail.companyName} sur ${PLATFORM_NAME}.`,
      "Acceptez ou refusez sa demande depuis la page de votre équipe : une fois acceptée, cette personne pourra publier et gérer les créneaux de l'entreprise.",
    ],
    action: { label: 'Voir la demande', url: mail.teamUrl },
    after: ['Si vous ne connaissez pas cette personne, refusez sa demande.'],
  }),
  joinRequestAccepted: (mail: JoinRequestAnsweredMail) => ({
    subject: `Vous avez rejoint l'équipe de ${mail.companyName}`,
    heading: 'Votre demande est acceptée',
    firstName: mail.firstName,
    before: [
      `Votre demande pour rejoindre l'équipe de ${mail.companyName} sur ${PLATFORM_NAME} est acceptée.`,
      "Vous pouvez dès maintenant vous connecter avec l'adresse e-mail et le mot de passe choisis lors de votre demande.",
    ],
    ...(mail.loginUrl ? { action: { label: 'Me connecter', url: mail.loginUrl } } : {}),
  }),
  joinRequestRefused: (mail: JoinRequestAnsweredMail) => ({
    subject: `Votre demande pour rejoindre ${mail.companyName}`,
    heading: "Votre demande n'a pas été acceptée",
    firstName: mail.firstName,
    before: [
      `L'équipe de ${mail.companyName} n'a pas accepté votre demande pour la rejoindre sur ${PLATFORM_NAME}.`,
      "Si vous pensez qu'il s'agit d'une erreur, contactez directement un administrateur de l'entreprise.",
    ],
  }),
});
