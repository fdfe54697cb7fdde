import { agreeing } from '../../common/format.ts';
import { defineMailTemplates, PLATFORM_NAME } from '../mail/index.ts';

/** To the person, at the address the account had: the account is anonymised. */
export interface AccountDeletedMail {
  firstName: string;
  cancelledMeetings: number;
}

/** To a person whose account was not used for 23 months (docs/decisions/0098). */
export interface RetentionWarningMail {
  firstName: string;
  /** The day, in French, from which the account may be anonymised. */
  anonymisedFrom: string;
  /** The signed « Garder mon compte » page. */
  keepUrl: string;
}

function cancelledLine(cancelledMeetings: number): string {
  return cancelledMeetings > 0
    ? agreeing(
        cancelledMeetings,
        'Votre rendez-vous à venir a été annulé et l’entreprise concernée a été prévenue.',
        `Vos ${cancelledMeetings} rendez-vous à venir ont été annulés et les entreprises concernées ont été prévenues.`,
      )
    : 'Vous n’aviez aucun rendez-vous à venir.';
}

/** The e-mails of privacy: an account's deletion, the retention's warning and anonymisation. */
export const privacyMails = defineMailTemplates({
  accountDeleted: ({ firstName, cancelledMeetings }: AccountDeletedMail) => ({
    subject: `Votre compte ${PLATFORM_NAME} est supprimé`,
    heading: 'Votre compte est supprimé',
    firstName,
    before: [
      `Comme vous l’avez demandé, votre compte ${PLATFORM_NAME} est supprimé : vos informations personnelles ont été effacées et vous ne pouvez plus vous connecter.`,
      cancelledLine(cancelledMeetings),
      'Vous pourrez à tout moment créer un nouveau compte avec cette adresse e-mail.',
    ],
    after: [
      'Si vous n’êtes pas à l’origine de cette demande, contactez l’équipe de la plateforme en répondant à cet e-mail.',
    ],
  }),
  retentionWarning: ({ firstName, anonymisedFrom, keepUrl }: RetentionWarningMail) => ({
    subject: `Votre compte ${PLATFORM_NAME} va être anonymisé`,
    heading: 'Votre compte va être anonymisé',
    firstName,
    before: [
      `Vous ne vous êtes pas connecté(e) à ${PLATFORM_NAME} depuis près de deux ans. Comme l’indique notre politique de confidentialité, les comptes inutilisés pendant deux ans sont anonymisés : vos informations personnelles seront effacées et vous ne pourrez plus vous connecter.`,
      `Sans nouvelle de votre part, votre compte sera anonymisé à partir du ${anonymisedFrom}. Vos rendez-vous passés resteront comptés, sans votre nom, dans les statistiques de la plateforme.`,
      'Pour garder votre compte, il suffit d’un clic sur le bouton ci-dessous, puis sur « Garder mon compte », ou de vous connecter.',
    ],
    action: { label: 'Garder mon compte', url: keepUrl },
    after: ['Si vous ne souhaitez plus utiliser la plateforme, vous n’avez rien à faire.'],
  }),
  accountAnonymised: ({ firstName, cancelledMeetings }: AccountDeletedMail) => ({
    subject: `Votre compte ${PLATFORM_NAME} est anonymisé`,
    heading: 'Votre compte est anonymisé',
    firstName,
    before: [
      `Votre compte ${PLATFORM_NAME} n’a pas été utilisé depuis deux ans : comme annoncé il y a un mois, il est anonymisé. Vos informations personnelles ont été effacées et vous ne pouvez plus vous connecter.`,
      cancelledLine(cancelledMeetings),
      'Vous pourrez à tout moment créer un nouveau compte avec cette adresse e-mail.',
    ],
  }),
});
