import { type CSSProperties, createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { formatSlotStart } from '../../common/format.ts';
import { type CalendarEvent, calendarFile } from '../calendar/index.ts';
import type { SlotChange } from '../kernel/events.ts';
import type { MailAttachment } from '../kernel/ports/mail.ts';
import type { MailCalendarEvent, MailTemplate, MailTemplates, MeetingMail, OutgoingMail } from './outbox.ts';

export const PLATFORM_NAME = 'Passerelle Industrie';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** A bulk e-mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

interface MailLink {
  label: string;
  url: string;
}

/** What an e-mail says, once: the HTML and the text versions are both drawn from it. */
interface MailContent {
  subject: string;
  heading: string;
  firstName: string;
  before: string[];
  /** Things listed after `before` (a weekly alert's slots): a title linking to its page, then its lines. */
  items?: { title: string; url: string; lines: string[] }[];
  action?: MailLink;
  /** Other choices beside the main action (a reminder's "Je ne peux plus venir"), as plain links. */
  links?: MailLink[];
  after?: string[];
  attachments?: MailAttachment[];
  /**
   * Makes it a bulk e-mail: the footer says why it was received and links to `url`, which confirms the
   * unsubscription in French on a GET and performs it on a POST (RFC 8058 one-click, the same URL).
   */
  unsubscribe?: { reason: string; url: string };
}

type Composers = { [T in MailTemplate]: (data: MailTemplates[T]) => MailContent };

const COMPOSERS: Composers = {
  teacherWelcome: ({ firstName, loginUrl }) => ({
    subject: `Bienvenue sur ${PLATFORM_NAME}`,
    heading: 'Votre compte est créé',
    firstName,
    before: [
      `Bienvenue sur ${PLATFORM_NAME} ! Votre compte est prêt.`,
      'Vous pouvez dès maintenant vous connecter pour découvrir les entreprises industrielles près de chez vous et réserver une visite ou une intervention pour vos élèves.',
    ],
    action: { label: 'Me connecter', url: loginUrl },
  }),
  passwordReset: ({ firstName, resetUrl, expiresInMinutes }) => ({
    subject: 'Réinitialisation de votre mot de passe',
    heading: 'Choisissez un nouveau mot de passe',
    firstName,
    before: [
      `Vous avez demandé à réinitialiser le mot de passe de votre compte ${PLATFORM_NAME}. Pour en choisir un nouveau, utilisez le lien ci-dessous.`,
      `Ce lien est valable ${formatDuration(expiresInMinutes)} et ne peut servir qu'une seule fois.`,
    ],
    action: { label: 'Choisir un nouveau mot de passe', url: resetUrl },
    after: [
      "Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet e-mail : votre mot de passe reste inchangé.",
    ],
  }),
  operatorInvitation: ({ regionName, setPasswordUrl, expiresInDays }) => ({
    subject: `Invitation à administrer ${PLATFORM_NAME}`,
    heading: 'Vous êtes invité à administrer la plateforme',
    firstName: '',
    before: [
      regionName
        ? `Un administrateur de ${PLATFORM_NAME} vous invite à en être opérateur pour la région ${regionName} : vous y validerez les entreprises, suivrez les rencontres et répondrez aux demandes.`
        : `Un administrateur de ${PLATFORM_NAME} vous invite à administrer la plateforme pour toute la France.`,
      `Pour accepter, choisissez votre mot de passe avec le lien ci-dessous. Il est valable ${expiresInDays} jours et ne peut servir qu'une seule fois.`,
    ],
    action: { label: 'Choisir mon mot de passe', url: setPasswordUrl },
    after: ["Si vous n'attendiez pas cette invitation, ignorez simplement cet e-mail."],
  }),
  emailChangeConfirm: ({ firstName, newEmail, confirmUrl, expiresInHours }) => ({
    subject: 'Confirmez votre nouvelle adresse e-mail',
    heading: 'Confirmez votre nouvelle adresse',
    firstName,
    before: [
      `Vous avez demandé à vous connecter à ${PLATFORM_NAME} avec l'adresse ${newEmail}. Pour confirmer qu'elle est bien la vôtre, utilisez le lien ci-dessous.`,
      `Ce lien est valable ${expiresInHours} heures et ne peut servir qu'une seule fois. Tant qu'il n'est pas ouvert, votre ancienne adresse reste celle de votre compte.`,
    ],
    action: { label: 'Confirmer ma nouvelle adresse', url: confirmUrl },
    after: ["Si vous n'êtes pas à l'origine de cette demande, ignorez simplement cet e-mail."],
  }),
  emailChangeRequested: ({ firstName, newEmail, resetUrl }) => ({
    subject: 'Demande de changement de votre adresse e-mail',
    heading: 'Votre adresse e-mail va changer',
    firstName,
    before: [
      `Une demande a été faite, avec votre mot de passe, pour que votre compte ${PLATFORM_NAME} utilise désormais l'adresse ${newEmail}. Le changement prendra effet quand le lien envoyé à cette adresse sera ouvert.`,
      "Si vous êtes à l'origine de cette demande, vous n'avez rien à faire.",
      "Si ce n'est pas vous, quelqu'un connaît votre mot de passe : changez-le tout de suite avec le lien ci-dessous, puis prévenez l'équipe de la plateforme en répondant à cet e-mail.",
    ],
    action: { label: 'Changer mon mot de passe', url: resetUrl },
  }),
  companySignupReceived: ({ firstName, companyName }) => ({
    subject: `Nous avons bien reçu l'inscription de ${companyName}`,
    heading: 'Inscription bien reçue',
    firstName,
    before: [
      `Merci d'avoir inscrit ${companyName} sur ${PLATFORM_NAME} ! Votre demande est bien enregistrée.`,
      "L'équipe de la plateforme va l'examiner dans les meilleurs délais. Vous recevrez un e-mail dès que votre entreprise sera validée.",
    ],
  }),
  companyValidated: ({ firstName, companyName, loginUrl }) => ({
    subject: `${companyName} est validée sur ${PLATFORM_NAME}`,
    heading: 'Votre entreprise est validée',
    firstName,
    before: [
      `Bonne nouvelle : l'équipe de la plateforme a validé l'inscription de ${companyName}.`,
      'Vous pouvez désormais vous connecter pour proposer vos visites et vos interventions aux enseignants.',
    ],
    action: { label: 'Me connecter', url: loginUrl },
  }),
  companyRefused: ({ firstName, companyName, reason }) => ({
    subject: `Votre demande d'inscription pour ${companyName}`,
    heading: "Votre demande n'a pas été retenue",
    firstName,
    before: [
      `Après examen, l'équipe de la plateforme n'a pas pu valider l'inscription de ${companyName} sur ${PLATFORM_NAME}.`,
      ...(reason?.trim() ? [`Motif indiqué : ${reason.trim()}`] : []),
      "Pour en savoir plus ou présenter une nouvelle demande, contactez l'équipe de la plateforme en répondant à cet e-mail.",
    ],
  }),
  companyRestored: ({ firstName, companyName, loginUrl }) => ({
    subject: `${companyName} est de nouveau active sur ${PLATFORM_NAME}`,
    heading: 'Votre entreprise est de nouveau active',
    firstName,
    before: [
      `L'équipe de la plateforme a réactivé ${companyName}. Vous pouvez de nouveau vous connecter et proposer vos visites et vos interventions aux enseignants.`,
      'Les créneaux et les rendez-vous annulés lors de l’archivage ne sont pas rétablis : publiez de nouveaux créneaux.',
    ],
    action: { label: 'Me connecter', url: loginUrl },
  }),
  companyArchived: ({ firstName, companyName }) => ({
    subject: `${companyName} n'est plus présente sur ${PLATFORM_NAME}`,
    heading: 'Votre entreprise a été archivée',
    firstName,
    before: [
      `L'équipe de la plateforme a archivé ${companyName} sur ${PLATFORM_NAME}. Votre entreprise n'apparaît plus dans les recherches des enseignants et vous ne pouvez plus vous connecter.`,
      'Vos créneaux à venir ont été retirés et les enseignants qui les avaient réservés ont été prévenus.',
      "Pour toute question ou pour revenir sur la plateforme, contactez l'équipe en répondant à cet e-mail.",
    ],
  }),
  meetingCancelledByPlatform: ({ firstName, companyName, startsAt, timeZone, reason, searchUrl }) => ({
    subject: `Rendez-vous annulé : ${companyName}, ${formatSlotStart(startsAt, timeZone)}`,
    heading: 'Votre rendez-vous est annulé',
    firstName,
    before: [
      `Votre rendez-vous avec ${companyName} prévu le ${formatSlotStart(startsAt, timeZone)} est annulé.`,
      `Motif : ${reason}`,
      "Nous sommes désolés pour ce contretemps. D'autres entreprises industrielles accueillent des groupes près de chez vous.",
    ],
    action: { label: 'Trouver une autre entreprise', url: searchUrl },
  }),
  meetingCancelledByTeacherDeletion: ({
    firstName,
    establishmentName,
    startsAt,
    timeZone,
    participantsCount,
    meetingsUrl,
  }) => ({
    subject: `Rendez-vous annulé : ${establishmentName}, ${formatSlotStart(startsAt, timeZone)}`,
    heading: 'Un rendez-vous est annulé',
    firstName,
    before: [
      `Le rendez-vous réservé par un enseignant de ${establishmentName} pour le ${formatSlotStart(startsAt, timeZone)} (${plural(participantsCount, 'participant')}) est annulé : l'enseignant a supprimé son compte ${PLATFORM_NAME}.`,
      'Les places réservées sont de nouveau disponibles sur votre créneau.',
    ],
    action: { label: 'Voir mes rendez-vous', url: meetingsUrl },
  }),
  companyContacted: ({ firstName, companyName, teacherName, teacherEmail, establishmentName, message }) => ({
    subject: `Un enseignant souhaite rencontrer ${companyName}`,
    heading: 'Un enseignant vous écrit',
    firstName,
    before: [
      `${teacherName}${establishmentName ? ` (${establishmentName})` : ''} a vu la page de ${companyName} sur ${PLATFORM_NAME} et souhaite organiser une rencontre avec ses élèves.`,
      `Son message : ${message}`,
      `Pour lui répondre, écrivez-lui à ${teacherEmail}, ou publiez un créneau sur la plateforme : il pourra le réserver directement.`,
    ],
  }),
  meetingBooked: (mail) => ({
    subject:
      mail.audience === 'teacher'
        ? `Réservation confirmée : ${mail.companyName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`
        : `Nouvelle réservation : ${mail.establishmentName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading:
      mail.audience === 'teacher' ? 'Votre réservation est confirmée' : 'Un créneau vient d’être réservé',
    firstName: mail.firstName,
    before: [
      mail.audience === 'teacher'
        ? `Votre réservation auprès de ${mail.companyName} est confirmée.`
        : `${mail.teacherName} (${mail.establishmentName}) a réservé votre créneau pour ${plural(mail.participantsCount, 'participant')}.`,
      ...meetingFacts(mail),
      ...(mail.audience === 'company' && mail.message ? [`Message de l'enseignant : ${mail.message}`] : []),
      "L'invitation est jointe à cet e-mail : ouvrez-la pour ajouter le rendez-vous à votre agenda.",
    ],
    action: { label: 'Voir le rendez-vous', url: mail.detailsUrl },
    attachments: [invitation(mail.calendar)],
  }),
  meetingMoved: (mail) => ({
    subject: `Rendez-vous déplacé : ${mail.audience === 'teacher' ? mail.companyName : mail.establishmentName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: 'Le rendez-vous change d’horaire',
    firstName: mail.firstName,
    before: [
      mail.audience === 'teacher'
        ? `${mail.companyName} a déplacé le créneau que vous aviez réservé, prévu le ${formatSlotStart(mail.previousStartsAt, mail.timeZone)}.`
        : `Le créneau réservé par ${mail.teacherName} (${mail.establishmentName}), prévu le ${formatSlotStart(mail.previousStartsAt, mail.timeZone)}, est déplacé.`,
      ...changeLines(mail.changes ?? []),
      ...meetingFacts(mail),
      mail.audience === 'teacher'
        ? 'Votre place reste réservée. Si le nouvel horaire ne vous convient pas, vous pouvez annuler depuis le rendez-vous.'
        : "L'enseignant est prévenu : il garde sa place ou annule.",
      "L'invitation mise à jour est jointe à cet e-mail.",
    ],
    action: { label: 'Voir le rendez-vous', url: mail.detailsUrl },
    attachments: [invitation(mail.calendar)],
  }),
  meetingChanged: (mail) => ({
    subject: `Rendez-vous modifié : ${mail.audience === 'teacher' ? mail.companyName : mail.establishmentName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: 'Le rendez-vous change',
    firstName: mail.firstName,
    before: [
      mail.audience === 'teacher'
        ? `${mail.companyName} a modifié le créneau que vous avez réservé.`
        : `Le créneau réservé par ${mail.teacherName} (${mail.establishmentName}) est modifié.`,
      ...changeLines(mail.changes),
      ...meetingFacts(mail),
      mail.audience === 'teacher'
        ? 'Votre place reste réservée. Si ces changements ne vous conviennent pas, vous pouvez annuler depuis le rendez-vous.'
        : "L'enseignant est prévenu.",
    ],
    action: { label: 'Voir le rendez-vous', url: mail.detailsUrl },
    attachments: [invitation(mail.calendar)],
  }),
  meetingCancelled: (mail) => ({
    subject: `Rendez-vous annulé : ${mail.audience === 'teacher' ? mail.companyName : mail.establishmentName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: 'Le rendez-vous est annulé',
    firstName: mail.firstName,
    before: [
      cancellationSentence(mail),
      ...(mail.reason ? [`Motif : ${mail.reason}`] : []),
      ...(mail.audience === 'teacher' && mail.cancelledBy === 'teacher' && mail.companyPhone
        ? [`Merci de prévenir aussi l'entreprise par téléphone : ${mail.companyPhone}.`]
        : []),
      ...(mail.audience === 'company'
        ? ['Les places réservées sont de nouveau disponibles sur votre créneau.']
        : []),
    ],
    action: { label: 'Voir le rendez-vous', url: mail.detailsUrl },
    attachments: [invitation(mail.calendar)],
  }),
  meetingReminder: (mail) => {
    const when = formatSlotStart(mail.startsAt, mail.timeZone);
    const other = mail.audience === 'teacher' ? mail.companyName : mail.establishmentName;
    const group = `${plural(mail.participantsCount, 'participant')} (${mail.publicLabel})`;
    return {
      subject: `Rappel : ${mail.meetingTypeLabel.toLowerCase()} ${mail.kind === '1d' ? 'demain' : 'dans 3 jours'}, ${other}, ${when}`,
      heading: mail.kind === '1d' ? 'Votre rendez-vous, c’est demain' : 'Votre rendez-vous approche',
      firstName: mail.firstName,
      before: [
        mail.audience === 'teacher'
          ? `Nous vous rappelons votre rendez-vous avec ${mail.companyName}.`
          : `Nous vous rappelons le rendez-vous réservé par ${mail.teacherName} (${mail.establishmentName}).`,
        `${mail.meetingTypeLabel} le ${when}, durée ${formatDuration(mail.durationMinutes)}.`,
        ...(mail.place
          ? [`${mail.meetingType === 'Webinar' ? 'Lien de la visioconférence' : 'Lieu'} : ${mail.place}`]
          : []),
        `Participants : ${group}, avec ${mail.teacherName} (${mail.establishmentName}).`,
        `Pour l’entreprise : ${mail.speaker.name}, ${mail.speaker.role}, ${mail.speaker.phone}.`,
        mail.companyPhone
          ? `Téléphone de ${mail.companyName} : ${mail.companyPhone}.`
          : `${mail.companyName} n’a pas indiqué de téléphone : appelez ${mail.speaker.phone}.`,
        'À préparer :',
        ...mail.checklist.map((item) => `• ${item}`),
        mail.audience === 'teacher'
          ? 'Confirmez votre venue d’un clic, ou libérez les places si vous ne pouvez plus venir : l’entreprise sera prévenue.'
          : 'Confirmez que le rendez-vous est maintenu d’un clic, ou annulez-le si vous ne pouvez plus recevoir le groupe : l’enseignant sera prévenu.',
      ],
      action: { label: 'Je confirme', url: mail.confirmUrl },
      links: [
        { label: 'Je ne peux plus venir', url: mail.releaseUrl },
        { label: 'Voir le rendez-vous', url: mail.detailsUrl },
      ],
      after: ['Ces liens fonctionnent sans vous connecter, jusqu’au début du rendez-vous.'],
    };
  },
  feedbackInvitation: (mail) => ({
    subject: `Votre avis sur votre rencontre avec ${mail.companyName}`,
    heading: 'Comment s’est passée la rencontre ?',
    firstName: mail.firstName,
    before: [
      `${mail.meetingTypeLabel} avec ${mail.companyName}, le ${formatSlotStart(mail.startsAt, mail.timeZone)} : merci d’y avoir participé avec votre groupe !`,
      'Dites-nous en deux minutes comment elle s’est passée : trois questions et, si vous le souhaitez, un commentaire. Vos réponses aident l’entreprise à améliorer ses prochaines rencontres.',
    ],
    action: { label: 'Donner mon avis', url: mail.feedbackUrl },
  }),
  feedbackReminder: (mail) => ({
    subject: `Rappel : votre avis sur votre rencontre avec ${mail.companyName}`,
    heading: 'Votre avis compte',
    firstName: mail.firstName,
    before: [
      `Vous n’avez pas encore donné votre avis sur la rencontre avec ${mail.companyName} du ${formatSlotStart(mail.startsAt, mail.timeZone)}.`,
      'Deux minutes suffisent : trois questions et, si vous le souhaitez, un commentaire. C’est le seul rappel que vous recevrez.',
    ],
    action: { label: 'Donner mon avis', url: mail.feedbackUrl },
  }),
  waitlistOffer: (mail) => ({
    subject: `Une place se libère : ${mail.companyName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: 'Une place vous est proposée',
    firstName: mail.firstName,
    before: [
      `Des places se sont libérées sur le créneau de ${mail.companyName} du ${formatSlotStart(mail.startsAt, mail.timeZone)}, pour lequel vous étiez sur la liste d’attente.`,
      `${plural(mail.groupSize, 'place')} vous ${mail.groupSize > 1 ? 'sont réservées' : 'est réservée'} jusqu’au ${formatSlotStart(mail.expiresAt, mail.timeZone)}. Acceptez-les pour confirmer la réservation ; sans réponse, elles seront proposées à l’enseignant suivant.`,
    ],
    action: { label: 'Accepter ou refuser la place', url: mail.offerUrl },
  }),
  waitlistClosed: (mail) => ({
    subject: `Créneau supprimé : ${mail.companyName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: 'Le créneau n’est plus proposé',
    firstName: mail.firstName,
    before: [
      `${mail.companyName} a supprimé son créneau du ${formatSlotStart(mail.startsAt, mail.timeZone)}, pour lequel vous étiez sur la liste d’attente.`,
      mail.wasOffered
        ? 'La place qui vous était proposée n’est donc plus disponible, et la liste d’attente est close.'
        : 'La liste d’attente est close.',
      'D’autres entreprises industrielles accueillent des groupes près de chez vous.',
    ],
    action: { label: 'Chercher un autre créneau', url: mail.searchUrl },
  }),
  waitlistOfferLapsed: (mail) => ({
    subject: `Place non confirmée : ${mail.companyName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: 'La place proposée n’a pas été confirmée à temps',
    firstName: mail.firstName,
    before: [
      `La place qui vous était proposée sur le créneau de ${mail.companyName} du ${formatSlotStart(mail.startsAt, mail.timeZone)} n’a pas été acceptée dans les 24 heures : elle est proposée à l’enseignant suivant.`,
    ],
    action: { label: 'Chercher un autre créneau', url: mail.searchUrl },
  }),
  meetingMarkedAbsent: ({ firstName, companyName, companyPhone, startsAt, timeZone, detailsUrl }) => ({
    subject: `Absence signalée : ${companyName}, ${formatSlotStart(startsAt, timeZone)}`,
    heading: 'L’entreprise a signalé votre absence',
    firstName,
    before: [
      `${companyName} indique que votre groupe n’est pas venu au rendez-vous du ${formatSlotStart(startsAt, timeZone)}.`,
      'Cette absence est prise en compte dans les statistiques de la plateforme.',
      companyPhone
        ? `S’il s’agit d’une erreur, contactez l’entreprise au ${companyPhone}.`
        : 'S’il s’agit d’une erreur, contactez l’entreprise.',
    ],
    action: { label: 'Voir le rendez-vous', url: detailsUrl },
  }),
  transportRequested: (mail) => ({
    subject: `Demande d’aide au transport : ${mail.establishmentName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: 'Une demande d’aide au transport attend votre réponse',
    firstName: mail.firstName,
    before: [
      `${mail.teacherName} (${mail.establishmentName}) demande une aide au transport pour la visite de ${mail.companyName} le ${formatSlotStart(mail.startsAt, mail.timeZone)}.`,
      `Groupe : ${plural(mail.groupSize, 'personne')}. Départ : ${mail.departure}.`,
      ...(mail.comment ? [`Commentaire : ${mail.comment}`] : []),
    ],
    action: { label: 'Répondre à la demande', url: mail.url },
  }),
  transportAnswered: (mail) => ({
    subject: `Aide au transport ${mail.accepted ? 'acceptée' : 'refusée'} : ${mail.companyName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: mail.accepted
      ? 'Votre demande de transport est acceptée'
      : 'Votre demande de transport est refusée',
    firstName: mail.firstName,
    before: [
      mail.accepted
        ? `Bonne nouvelle : l’équipe de la plateforme accepte votre demande d’aide au transport pour la visite de ${mail.companyName} le ${formatSlotStart(mail.startsAt, mail.timeZone)}.`
        : `L’équipe de la plateforme ne peut pas donner suite à votre demande d’aide au transport pour la visite de ${mail.companyName} le ${formatSlotStart(mail.startsAt, mail.timeZone)}.`,
      `Son message : ${mail.answer}`,
    ],
    action: { label: 'Voir le rendez-vous', url: mail.url },
  }),
  transportCancelled: (mail) => {
    const accepted = mail.wasAccepted ?? true;
    return {
      subject: `${accepted ? 'Transport à annuler' : 'Demande de transport close'} : ${mail.companyName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
      heading: accepted
        ? 'Un rendez-vous avec transport accepté est annulé'
        : 'Une demande d’aide au transport est close',
      firstName: mail.firstName,
      before: [
        `La visite de ${mail.companyName} du ${formatSlotStart(mail.startsAt, mail.timeZone)} par le groupe de ${mail.teacherName} (${plural(mail.groupSize, 'personne')}) est annulée.`,
        accepted
          ? 'Vous aviez accepté sa demande d’aide au transport : pensez à annuler le transport prévu.'
          : 'Sa demande d’aide au transport, qui attendait votre réponse, est close : vous n’avez plus à y répondre.',
      ],
      action: { label: 'Voir les demandes de transport', url: mail.url },
    };
  },
  weeklyAlert: (mail) => {
    const total = mail.slots.length + mail.moreCount;
    return {
      subject:
        total > 1
          ? `${total} nouveaux créneaux près de chez vous cette semaine`
          : 'Un nouveau créneau près de chez vous cette semaine',
      heading: 'Les nouveaux créneaux de la semaine',
      firstName: mail.firstName,
      before: [
        total > 1
          ? `${total} créneaux publiés ces 7 derniers jours correspondent à vos critères, à moins de 50 km de votre adresse de référence. Les voici, du plus proche dans le temps au plus lointain :`
          : 'Un créneau publié ces 7 derniers jours correspond à vos critères, à moins de 50 km de votre adresse de référence :',
        ...(mail.moreCount > 0
          ? [`Voici les ${mail.slots.length} premiers ; la recherche vous montre tous les autres.`]
          : []),
      ],
      items: mail.slots.map((slot) => ({
        title: slot.companyName,
        url: slot.url,
        lines: [
          `${slot.meetingTypeLabel} le ${formatSlotStart(slot.startsAt, slot.timeZone)}`,
          [slot.city, `${slot.distanceKm < 1 ? 'moins d’1' : slot.distanceKm} km`]
            .filter(Boolean)
            .join(' · '),
        ],
      })),
      action:
        mail.moreCount > 0
          ? { label: 'Voir tous les créneaux autour de moi', url: mail.searchUrl }
          : { label: 'Chercher d’autres entreprises', url: mail.searchUrl },
      unsubscribe: {
        reason:
          'Vous recevez cet e-mail chaque lundi parce que vous avez demandé l’alerte des nouveaux créneaux dans votre profil.',
        url: mail.unsubscribeUrl,
      },
    };
  },
  contactReceived: (mail) => ({
    subject: `Message via le formulaire de contact : ${mail.subjectLabel} — ${mail.senderName}`,
    heading: 'Un message attend votre réponse',
    firstName: mail.firstName,
    before: [
      `${mail.senderName}${mail.senderRole ? `, ${mail.senderRole}` : ''}${mail.organisation ? ` (${mail.organisation})` : ''}, vous écrit par le formulaire de contact de ${PLATFORM_NAME}.`,
      `Sujet : ${mail.subjectLabel}. Adresse e-mail : ${mail.senderEmail}.`,
      `Son message : ${mail.message}`,
    ],
    action: { label: 'Traiter le message', url: mail.url },
  }),
  contactAcknowledged: (mail) => ({
    subject: `Nous avons bien reçu votre message : ${mail.subjectLabel}`,
    heading: 'Votre message est bien reçu',
    firstName: mail.firstName,
    before: [
      `Merci de nous avoir écrit. L'équipe de ${PLATFORM_NAME} de votre région a bien reçu votre message et vous répondra par e-mail.`,
      `Sujet : ${mail.subjectLabel}.`,
      `Votre message : ${mail.message}`,
    ],
  }),
  contactAnswered: (mail) => ({
    subject: `Réponse à votre message : ${mail.subjectLabel}`,
    heading: "L'équipe de la plateforme vous répond",
    firstName: mail.firstName,
    before: [
      `Voici la réponse de l'équipe de ${PLATFORM_NAME} à votre message (${mail.subjectLabel}).`,
      `Notre réponse : ${mail.answer}`,
      `Votre message : ${mail.message}`,
    ],
    after: [
      'Pour compléter votre demande, écrivez-nous de nouveau depuis la page « Nous contacter » du site.',
    ],
  }),
  accountDeleted: ({ firstName, cancelledMeetings }) => ({
    subject: `Votre compte ${PLATFORM_NAME} est supprimé`,
    heading: 'Votre compte est supprimé',
    firstName,
    before: [
      `Comme vous l'avez demandé, votre compte ${PLATFORM_NAME} est supprimé : vos informations personnelles ont été effacées et vous ne pouvez plus vous connecter.`,
      cancelledMeetings > 0
        ? `${cancelledMeetings > 1 ? `Vos ${cancelledMeetings} rendez-vous à venir ont été annulés` : 'Votre rendez-vous à venir a été annulé'} et les entreprises concernées ont été prévenues.`
        : "Vous n'aviez aucun rendez-vous à venir.",
      'Vous pourrez à tout moment créer un nouveau compte avec cette adresse e-mail.',
    ],
    after: [
      "Si vous n'êtes pas à l'origine de cette demande, contactez l'équipe de la plateforme en répondant à cet e-mail.",
    ],
  }),
};

/** The subject, HTML and text of an outgoing e-mail. Throws on a template this version does not know. */
export function renderMail(mail: OutgoingMail): RenderedMail {
  if (!Object.hasOwn(COMPOSERS, mail.template)) throw new Error(`unknown mail template: ${mail.template}`);
  if (typeof mail.data !== 'object' || mail.data === null) throw new Error(`no data for ${mail.template}`);
  const compose = COMPOSERS[mail.template] as (data: OutgoingMail['data']) => MailContent;
  const content = compose(mail.data);
  const rendered: RenderedMail = {
    subject: content.subject,
    html: renderHtml(content),
    text: renderText(content),
  };
  if (content.attachments) rendered.attachments = content.attachments;
  if (content.unsubscribe) {
    rendered.headers = {
      'List-Unsubscribe': `<${content.unsubscribe.url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }
  return rendered;
}

function meetingFacts(mail: MeetingMail): string[] {
  return [
    `${mail.meetingTypeLabel} le ${formatSlotStart(mail.startsAt, mail.timeZone)}, durée ${formatDuration(mail.durationMinutes)}.`,
    ...(mail.place ? [`Lieu : ${mail.place}`] : []),
  ];
}

/** What changed of the slot, one line each: « Type de rencontre : Visite d’entreprise → Webinaire ». */
function changeLines(changes: SlotChange[]): string[] {
  if (changes.length === 0) return [];
  return ['Ce qui change :', ...changes.map((change) => `• ${change.label} : ${change.before} → ${change.after}`)];
}

function cancellationSentence(mail: MeetingMail & { cancelledBy: 'teacher' | 'company' }): string {
  const when = formatSlotStart(mail.startsAt, mail.timeZone);
  if (mail.audience === 'teacher') {
    return mail.cancelledBy === 'teacher'
      ? `Vous avez annulé votre rendez-vous avec ${mail.companyName} prévu le ${when}.`
      : `${mail.companyName} a annulé le rendez-vous prévu le ${when}. Nous sommes désolés pour ce contretemps.`;
  }
  return mail.cancelledBy === 'teacher'
    ? `${mail.teacherName} (${mail.establishmentName}) a annulé le rendez-vous prévu le ${when}.`
    : `Vous avez annulé le rendez-vous de ${mail.teacherName} (${mail.establishmentName}) prévu le ${when}.`;
}

/** The meeting's `.ics`: an invitation (REQUEST), or a CANCEL that removes it from the calendar. */
function invitation(event: MailCalendarEvent): MailAttachment {
  const calendarEvent: CalendarEvent = {
    ...event,
    startsAt: new Date(event.startsAt),
    endsAt: new Date(event.endsAt),
    stamp: new Date(event.stamp),
  };
  return {
    filename: event.cancelled ? 'annulation.ics' : 'rendez-vous.ics',
    contentType: `text/calendar; charset=utf-8; method=${event.cancelled ? 'CANCEL' : 'REQUEST'}`,
    content: calendarFile([calendarEvent], { method: event.cancelled ? 'CANCEL' : 'REQUEST' }),
  };
}

function formatDuration(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) return plural(minutes / 60, 'heure');
  return plural(minutes, 'minute');
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count > 1 ? 's' : ''}`;
}

const SIGNATURE = ['À bientôt,', `L'équipe ${PLATFORM_NAME}`];
const FOOTER_ABOUT = `${PLATFORM_NAME} ouvre les portes des entreprises industrielles aux enseignants et aux prescripteurs.`;
const FOOTER_WHY =
  "Cet e-mail vous a été envoyé automatiquement à la suite d'une démarche liée à votre compte.";
const UNSUBSCRIBE_LABEL = 'Se désabonner';

/** Whom the e-mail greets; an invitation knows no name yet. */
const greeting = (content: MailContent) => (content.firstName ? `Bonjour ${content.firstName},` : 'Bonjour,');

function renderText(content: MailContent): string {
  const link = ({ label, url }: MailLink) => `${label} :\n${url}`;
  const footer = content.unsubscribe
    ? [
        FOOTER_ABOUT,
        content.unsubscribe.reason,
        link({ label: UNSUBSCRIBE_LABEL, url: content.unsubscribe.url }),
      ]
    : [FOOTER_ABOUT, FOOTER_WHY];
  const blocks = [
    greeting(content),
    ...content.before,
    ...(content.items ?? []).map((item) => [`• ${item.title}`, ...item.lines, item.url].join('\n  ')),
    ...(content.action ? [link(content.action)] : []),
    ...(content.links ?? []).map(link),
    ...(content.after ?? []),
    SIGNATURE.join('\n'),
    `--\n${footer.join('\n')}`,
  ];
  return `${blocks.join('\n\n')}\n`;
}

function renderHtml(content: MailContent): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(mailLayout(content))}`;
}

// Contrast (WCAG AA): body text #1f2937 on white 14.7:1, white on the button #1d4ed8 6.7:1,
// footer #4b5563 on #f3f4f6 6.9:1, white on the header #1e3a8a 10.4:1.
const COLORS = {
  page: '#f3f4f6',
  card: '#ffffff',
  text: '#1f2937',
  brand: '#1e3a8a',
  action: '#1d4ed8',
  muted: '#4b5563',
};
const FONT = 'Arial, Helvetica, sans-serif';
const PARAGRAPH: CSSProperties = { margin: '0 0 16px', fontSize: 16, lineHeight: '24px', color: COLORS.text };

/*
 * The layout is written with createElement rather than JSX: the scripts run by Node itself
 * (`npm run jobs`, `npm start`'s preparation) load this module, and Node's type stripping knows no JSX.
 */
const table = (style: CSSProperties, ...rows: ReactNode[]) =>
  h(
    'table',
    { role: 'presentation', width: '100%', cellPadding: 0, cellSpacing: 0, style },
    h('tbody', null, ...rows),
  );
const row = (style: CSSProperties, ...children: ReactNode[]) =>
  h('tr', null, h('td', { style }, ...children));

function mailLayout(content: MailContent) {
  return h(
    'html',
    { lang: 'fr' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'color-scheme', content: 'light' }),
      h('title', null, content.subject),
    ),
    h(
      'body',
      { style: { margin: 0, padding: 0, backgroundColor: COLORS.page, fontFamily: FONT } },
      table(
        { backgroundColor: COLORS.page },
        h(
          'tr',
          null,
          h(
            'td',
            { align: 'center', style: { padding: '24px 12px' } },
            table(
              { maxWidth: 600, backgroundColor: COLORS.card, borderRadius: 8 },
              row(
                { padding: '20px 32px', backgroundColor: COLORS.brand, borderRadius: '8px 8px 0 0' },
                h(
                  'p',
                  { style: { margin: 0, fontSize: 20, fontWeight: 'bold', color: '#ffffff' } },
                  PLATFORM_NAME,
                ),
              ),
              row({ padding: '32px' }, ...mailBody(content)),
            ),
            mailFooter(content),
          ),
        ),
      ),
    ),
  );
}

function mailBody(content: MailContent): ReactNode[] {
  return [
    h(
      'h1',
      { key: 'heading', style: { margin: '0 0 24px', fontSize: 24, lineHeight: '32px', color: COLORS.text } },
      content.heading,
    ),
    h('p', { key: 'greeting', style: PARAGRAPH }, greeting(content)),
    ...paragraphs(content.before),
    ...(content.items?.length ? [itemList(content.items)] : []),
    ...(content.action ? actionButton(content.action) : []),
    ...(content.links ?? []).map((link) =>
      h(
        'p',
        { key: `link-${link.url}`, style: PARAGRAPH },
        h('a', { href: link.url, style: { color: COLORS.action, fontWeight: 'bold' } }, link.label),
      ),
    ),
    ...paragraphs(content.after ?? []),
    h(
      'p',
      { key: 'signature', style: { ...PARAGRAPH, margin: '24px 0 0' } },
      SIGNATURE[0],
      h('br'),
      SIGNATURE[1],
    ),
  ];
}

const paragraphs = (lines: string[]) => lines.map((line) => h('p', { key: line, style: PARAGRAPH }, line));

function actionButton({ label, url }: { label: string; url: string }): ReactNode[] {
  return [
    h(
      'table',
      { key: 'action', role: 'presentation', cellPadding: 0, cellSpacing: 0, style: { margin: '24px 0' } },
      h(
        'tbody',
        null,
        h(
          'tr',
          null,
          h(
            'td',
            { style: { borderRadius: 6, backgroundColor: COLORS.action } },
            h(
              'a',
              {
                href: url,
                style: {
                  display: 'inline-block',
                  padding: '12px 24px',
                  fontSize: 16,
                  fontWeight: 'bold',
                  color: '#ffffff',
                  textDecoration: 'none',
                  borderRadius: 6,
                },
              },
              label,
            ),
          ),
        ),
      ),
    ),
    h(
      'p',
      { key: 'action-link', style: { ...PARAGRAPH, fontSize: 14, lineHeight: '20px' } },
      'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur : ',
      h('a', { href: url, style: { color: COLORS.action, wordBreak: 'break-all' } }, url),
    ),
  ];
}

function itemList(items: NonNullable<MailContent['items']>): ReactNode {
  return h(
    'ul',
    { key: 'items', style: { margin: '0 0 16px', padding: 0, listStyle: 'none' } },
    ...items.map((item) =>
      h(
        'li',
        {
          key: item.url,
          style: { margin: '0 0 12px', padding: '12px 16px', border: '1px solid #d1d5db', borderRadius: 6 },
        },
        h(
          'a',
          { href: item.url, style: { fontSize: 16, fontWeight: 'bold', color: COLORS.action } },
          item.title,
        ),
        ...item.lines.map((line) =>
          h(
            'p',
            { key: line, style: { ...PARAGRAPH, margin: '4px 0 0', fontSize: 14, lineHeight: '20px' } },
            line,
          ),
        ),
      ),
    ),
  );
}

function mailFooter(content: MailContent) {
  const line = (key: string, ...children: ReactNode[]) =>
    h('p', { key, style: { margin: '0 0 8px' } }, ...children);
  return table(
    { maxWidth: 600 },
    row(
      { padding: '16px 32px', fontSize: 13, lineHeight: '20px', color: COLORS.muted },
      line('about', FOOTER_ABOUT),
      content.unsubscribe
        ? line(
            'why',
            `${content.unsubscribe.reason} `,
            h('a', { href: content.unsubscribe.url, style: { color: COLORS.muted } }, UNSUBSCRIBE_LABEL),
          )
        : line('why', FOOTER_WHY),
    ),
  );
}
