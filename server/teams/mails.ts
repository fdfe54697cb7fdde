import { elide } from '../../common/format.ts';
import { defineMailTemplates, PLATFORM_NAME } from '../mail/index.ts';

/** To a colleague a company admin invited into its team (issue 21): the link to join, valid 7 days, once. */
export interface RecruiterInvitationMail {
  companyName: string;
  inviterName: string;
  acceptUrl: string;
  expiresInDays: number;
}

/** To who asked to join a company's team: the link that proves the address is theirs (docs/decisions/0099). */
export interface JoinRequestConfirmMail {
  firstName: string;
  companyName: string;
  email: string;
  confirmUrl: string;
  expiresInHours: number;
}

/** To each admin of a company: someone asked to join its team at sign-up, and confirmed their address. */
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

/** To a member an admin removed from the team (not to who leaves on their own): what they lose, whom to ask. */
export interface TeamMemberRemovedMail {
  firstName: string;
  companyName: string;
  removedByName: string;
  removedByEmail: string;
}

/** The e-mails of a company's team: an invitation, a request to join, its confirmation and answer, a removal. */
export const teamMails = defineMailTemplates({
  recruiterInvitation: (mail: RecruiterInvitationMail) => ({
    subject: `${mail.inviterName} vous invite à rejoindre ${mail.companyName} sur ${PLATFORM_NAME}`,
    heading: `Rejoignez l’équipe ${elide('de', mail.companyName)}`,
    firstName: '',
    before: [
      `${mail.inviterName} vous invite à rejoindre l’équipe ${elide('de', mail.companyName)} sur ${PLATFORM_NAME} : vous pourrez publier des créneaux de visite et d’intervention et suivre les rencontres avec les enseignants.`,
      `Pour accepter, indiquez votre nom et choisissez votre mot de passe avec le lien ci-dessous. Il est valable ${mail.expiresInDays} jours et ne peut servir qu’une seule fois.`,
    ],
    action: { label: 'Rejoindre l’équipe', url: mail.acceptUrl },
    after: ['Si vous n’attendiez pas cette invitation, ignorez simplement cet e-mail.'],
  }),
  joinRequestConfirm: (mail: JoinRequestConfirmMail) => ({
    subject: `Confirmez votre demande pour rejoindre ${mail.companyName}`,
    heading: 'Confirmez votre adresse e-mail',
    firstName: mail.firstName,
    before: [
      `Vous avez demandé à rejoindre l’équipe ${elide('de', mail.companyName)} sur ${PLATFORM_NAME} avec l’adresse ${mail.email}. Pour que ses administrateurs reçoivent votre demande, confirmez que cette adresse est bien la vôtre avec le lien ci-dessous.`,
      `Ce lien est valable ${mail.expiresInHours} heures et ne peut servir qu’une seule fois.`,
    ],
    action: { label: 'Confirmer ma demande', url: mail.confirmUrl },
    after: [
      'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement cet e-mail : sans confirmation, elle sera effacée et personne ne pourra se connecter avec cette adresse.',
    ],
  }),
  joinRequestReceived: (mail: JoinRequestReceivedMail) => ({
    subject: `${mail.requesterName} demande à rejoindre ${mail.companyName}`,
    heading: 'Une demande pour rejoindre votre équipe',
    firstName: mail.firstName,
    before: [
      `${mail.requesterName} (${mail.requesterEmail}) demande à rejoindre l’équipe ${elide('de', mail.companyName)} sur ${PLATFORM_NAME}. Cette personne a confirmé son adresse e-mail.`,
      'Acceptez ou refusez sa demande depuis la page de votre équipe : une fois acceptée, cette personne pourra publier et gérer les créneaux de l’entreprise.',
    ],
    action: { label: 'Voir la demande', url: mail.teamUrl },
    after: ['Si vous ne connaissez pas cette personne, refusez sa demande.'],
  }),
  joinRequestAccepted: (mail: JoinRequestAnsweredMail) => ({
    subject: `Vous avez rejoint l’équipe ${elide('de', mail.companyName)}`,
    heading: 'Votre demande est acceptée',
    firstName: mail.firstName,
    before: [
      `Votre demande pour rejoindre l’équipe ${elide('de', mail.companyName)} sur ${PLATFORM_NAME} est acceptée.`,
      'Vous pouvez dès maintenant vous connecter avec l’adresse e-mail et le mot de passe choisis lors de votre demande.',
    ],
    ...(mail.loginUrl ? { action: { label: 'Me connecter', url: mail.loginUrl } } : {}),
  }),
  joinRequestRefused: (mail: JoinRequestAnsweredMail) => ({
    subject: `Votre demande pour rejoindre ${mail.companyName}`,
    heading: 'Votre demande n’a pas été acceptée',
    firstName: mail.firstName,
    before: [
      `L’équipe ${elide('de', mail.companyName)} n’a pas accepté votre demande pour la rejoindre sur ${PLATFORM_NAME}.`,
      'Si vous pensez qu’il s’agit d’une erreur, contactez directement un administrateur de l’entreprise.',
    ],
  }),
  teamMemberRemoved: (mail: TeamMemberRemovedMail) => ({
    subject: `Vous ne faites plus partie de l’équipe ${elide('de', mail.companyName)}`,
    heading: `Vous ne faites plus partie de l’équipe ${elide('de', mail.companyName)}`,
    firstName: mail.firstName,
    before: [
      `${mail.removedByName} a retiré votre compte de l’équipe ${elide('de', mail.companyName)} sur ${PLATFORM_NAME}.`,
      'Vous n’avez plus accès à l’espace de l’entreprise : ses créneaux, ses rencontres, ses documents et son équipe. Vos sessions ouvertes sont terminées. Les créneaux que vous aviez publiés restent à l’entreprise.',
    ],
    after: [
      `Si vous pensez qu’il s’agit d’une erreur, contactez ${mail.removedByName} (${mail.removedByEmail}) ou un autre administrateur de l’entreprise.`,
    ],
  }),
});
