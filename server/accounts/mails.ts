import { defineMailTemplates, formatDuration, PLATFORM_NAME } from '../mail/index.ts';

export interface TeacherWelcomeMail {
  firstName: string;
  loginUrl: string;
}

export interface PasswordResetMail {
  firstName: string;
  resetUrl: string;
  expiresInMinutes: number;
}

/** To someone an administrator invited to operate the platform (nationally, or a region). */
export interface OperatorInvitationMail {
  regionName: string | null;
  setPasswordUrl: string;
  expiresInDays: number;
}

/** To the new address of a login e-mail change: the link that makes it the account's. */
export interface EmailChangeConfirmMail {
  firstName: string;
  newEmail: string;
  confirmUrl: string;
  expiresInHours: number;
}

/** To the address the account has: someone asked to replace it, and what to do if it was not them. */
export interface EmailChangeRequestedMail {
  firstName: string;
  newEmail: string;
  resetUrl: string;
}

/**
 * To the owner of an account whose password someone failed to guess 10 times within a login window, from
 * wherever (docs/decisions/0099): once per window, nothing of who tried but how often.
 */
export interface LoginAttemptsMail {
  firstName: string;
  attempts: number;
  windowMinutes: number;
  /** A link to choose a new password; null when the password is an outside recruitment site's. */
  resetUrl: string | null;
  expiresInHours: number;
  forgotPasswordUrl: string;
}

/** The e-mails of accounts: sign-up, password and login address, an operator's invitation, guessing. */
export const accountMails = defineMailTemplates({
  teacherWelcome: ({ firstName, loginUrl }: TeacherWelcomeMail) => ({
    subject: `Bienvenue sur ${PLATFORM_NAME}`,
    heading: 'Votre compte est créé',
    firstName,
    before: [
      `Bienvenue sur ${PLATFORM_NAME} ! Votre compte est prêt.`,
      'Vous pouvez dès maintenant vous connecter pour découvrir les entreprises industrielles près de chez vous et réserver une visite ou une intervention pour vos élèves.',
    ],
    action: { label: 'Me connecter', url: loginUrl },
  }),
  passwordReset: ({ firstName, resetUrl, expiresInMinutes }: PasswordResetMail) => ({
    subject: 'Réinitialisation de votre mot de passe',
    heading: 'Choisissez un nouveau mot de passe',
    firstName,
    before: [
      `Vous avez demandé à réinitialiser le mot de passe de votre compte ${PLATFORM_NAME}. Pour en choisir un nouveau, utilisez le lien ci-dessous.`,
      `Ce lien est valable ${formatDuration(expiresInMinutes)} et ne peut servir qu’une seule fois.`,
    ],
    action: { label: 'Choisir un nouveau mot de passe', url: resetUrl },
    after: [
      'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement cet e-mail : votre mot de passe reste inchangé.',
    ],
  }),
  operatorInvitation: ({ regionName, setPasswordUrl, expiresInDays }: OperatorInvitationMail) => ({
    subject: `Invitation à administrer ${PLATFORM_NAME}`,
    heading: 'Vous êtes invité à administrer la plateforme',
    firstName: '',
    before: [
      regionName
        ? `Un administrateur de ${PLATFORM_NAME} vous invite à en être opérateur pour la région ${regionName} : vous y validerez les entreprises, suivrez les rencontres et répondrez aux demandes.`
        : `Un administrateur de ${PLATFORM_NAME} vous invite à administrer la plateforme pour toute la France.`,
      `Pour accepter, choisissez votre mot de passe avec le lien ci-dessous. Il est valable ${expiresInDays} jours et ne peut servir qu’une seule fois.`,
    ],
    action: { label: 'Choisir mon mot de passe', url: setPasswordUrl },
    after: ['Si vous n’attendiez pas cette invitation, ignorez simplement cet e-mail.'],
  }),
  loginAttempts: (mail: LoginAttemptsMail) => ({
    subject: 'Tentatives de connexion sur votre compte',
    heading: 'Des tentatives de connexion sur votre compte',
    firstName: mail.firstName,
    before: [
      `Quelqu’un a essayé ${mail.attempts} fois en moins de ${mail.windowMinutes} minutes de se connecter à votre compte ${PLATFORM_NAME} avec un mot de passe erroné. Aucune de ces tentatives n’a ouvert votre compte.`,
      'Si c’était vous, vous avez sans doute oublié votre mot de passe : choisissez-en un nouveau. Vos appareils qui n’ont pas échoué peuvent toujours se connecter.',
      'Si ce n’était pas vous, quelqu’un essaie de deviner votre mot de passe. Par prudence, choisissez-en un nouveau, long, que vous n’utilisez sur aucun autre site.',
      mail.resetUrl
        ? `Le lien ci-dessous est valable ${mail.expiresInHours} heures et ne peut servir qu’une seule fois. Ensuite, demandez-en un autre avec « Mot de passe oublié ? » sur la page de connexion : ${mail.forgotPasswordUrl}`
        : 'Votre mot de passe est celui du site de recrutement : changez-le sur ce site.',
    ],
    ...(mail.resetUrl ? { action: { label: 'Choisir un nouveau mot de passe', url: mail.resetUrl } } : {}),
    after: [
      `Nous ne vous écrivons qu’une fois par période de ${mail.windowMinutes} minutes, quel que soit le nombre de tentatives.`,
    ],
  }),
  emailChangeConfirm: ({ firstName, newEmail, confirmUrl, expiresInHours }: EmailChangeConfirmMail) => ({
    subject: 'Confirmez votre nouvelle adresse e-mail',
    heading: 'Confirmez votre nouvelle adresse',
    firstName,
    before: [
      `Vous avez demandé à vous connecter à ${PLATFORM_NAME} avec l’adresse ${newEmail}. Pour confirmer qu’elle est bien la vôtre, utilisez le lien ci-dessous.`,
      `Ce lien est valable ${expiresInHours} heures et ne peut servir qu’une seule fois. Tant qu’il n’est pas ouvert, votre ancienne adresse reste celle de votre compte.`,
    ],
    action: { label: 'Confirmer ma nouvelle adresse', url: confirmUrl },
    after: ['Si vous n’êtes pas à l’origine de cette demande, ignorez simplement cet e-mail.'],
  }),
  emailChangeRequested: ({ firstName, newEmail, resetUrl }: EmailChangeRequestedMail) => ({
    subject: 'Demande de changement de votre adresse e-mail',
    heading: 'Votre adresse e-mail va changer',
    firstName,
    before: [
      `Une demande a été faite, avec votre mot de passe, pour que votre compte ${PLATFORM_NAME} utilise désormais l’adresse ${newEmail}. Le changement prendra effet quand le lien envoyé à cette adresse sera ouvert.`,
      'Si vous êtes à l’origine de cette demande, vous n’avez rien à faire.',
      'Si ce n’est pas vous, quelqu’un connaît votre mot de passe : changez-le tout de suite avec le lien ci-dessous, puis prévenez l’équipe de la plateforme en répondant à cet e-mail.',
    ],
    action: { label: 'Changer mon mot de passe', url: resetUrl },
  }),
});
