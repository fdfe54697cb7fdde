import { agreeing } from '../../common/format.ts';
import { defineMailTemplates, PLATFORM_NAME } from '../mail/index.ts';

/** To the teacher, at the address the account had: the account is anonymised. */
export interface AccountDeletedMail {
  firstName: string;
  cancelledMeetings: number;
}

/** The e-mails of privacy: an account's deletion. */
export const privacyMails = defineMailTemplates({
  accountDeleted: ({ firstName, cancelledMeetings }: AccountDeletedMail) => ({
    subject: `Votre compte ${PLATFORM_NAME} est supprimé`,
    heading: 'Votre compte est supprimé',
    firstName,
    before: [
      `Comme vous l’avez demandé, votre compte ${PLATFORM_NAME} est supprimé : vos informations personnelles ont été effacées et vous ne pouvez plus vous connecter.`,
      cancelledMeetings > 0
        ? agreeing(
            cancelledMeetings,
            'Votre rendez-vous à venir a été annulé et l’entreprise concernée a été prévenue.',
            `Vos ${cancelledMeetings} rendez-vous à venir ont été annulés et les entreprises concernées ont été prévenues.`,
          )
        : 'Vous n’aviez aucun rendez-vous à venir.',
      'Vous pourrez à tout moment créer un nouveau compte avec cette adresse e-mail.',
    ],
    after: [
      'Si vous n’êtes pas à l’origine de cette demande, contactez l’équipe de la plateforme en répondant à cet e-mail.',
    ],
  }),
});
