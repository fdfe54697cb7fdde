import { elide, formatSlotStart } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import type { TransportAnswerInput } from '../../common/transport.ts';
import type { DbOrTx } from '../../db/client.ts';
import { operatorsOfRegion } from '../accounts/index.ts';
import { defineMailTemplates, enqueueMail, plural } from '../mail/index.ts';
import type { MeetingFact, MeetingMailDeps } from '../meetings/index.ts';
import { regionOfDepartment } from '../permissions.ts';

/** What every e-mail about a transport request says: its meeting, and where to see it. */
interface TransportMail {
  firstName: string;
  companyName: string;
  /** The meeting's start, ISO-8601 UTC; shown in `timeZone`. */
  startsAt: string;
  timeZone: string;
  /** The meeting for the teacher, the requests' screen for an operator. */
  url: string;
}

/** To each operator: a teacher asks for transport help. */
export interface TransportRequestedMail extends TransportMail {
  teacherName: string;
  establishmentName: string;
  groupSize: number;
  departure: string;
  comment: string | null;
}

/** To the teacher: the operators accepted or refused the request, with their message. */
export interface TransportAnsweredMail extends TransportMail {
  accepted: boolean;
  answer: string;
}

/**
 * To each operator: a meeting with an open transport request is cancelled, and the request with it.
 * `wasAccepted` is absent from e-mails queued before it existed: they were all for accepted requests.
 */
export interface TransportCancelledMail extends TransportMail {
  teacherName: string;
  groupSize: number;
  wasAccepted?: boolean;
}

/** The e-mails of a transport request: asked, answered, and called off by the meeting's cancellation. */
export const transportMails = defineMailTemplates({
  transportRequested: (mail: TransportRequestedMail) => ({
    subject: `Demande d’aide au transport : ${mail.establishmentName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: 'Une demande d’aide au transport attend votre réponse',
    firstName: mail.firstName,
    before: [
      `${mail.teacherName} (${mail.establishmentName}) demande une aide au transport pour la visite ${elide('de', mail.companyName)} le ${formatSlotStart(mail.startsAt, mail.timeZone)}.`,
      `Groupe : ${plural(mail.groupSize, 'personne')}. Départ : ${mail.departure}.`,
      ...(mail.comment ? [`Commentaire : ${mail.comment}`] : []),
    ],
    action: { label: 'Répondre à la demande', url: mail.url },
  }),
  transportAnswered: (mail: TransportAnsweredMail) => ({
    subject: `Aide au transport ${mail.accepted ? 'acceptée' : 'refusée'} : ${mail.companyName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
    heading: mail.accepted
      ? 'Votre demande de transport est acceptée'
      : 'Votre demande de transport est refusée',
    firstName: mail.firstName,
    before: [
      mail.accepted
        ? `Bonne nouvelle : l’équipe de la plateforme accepte votre demande d’aide au transport pour la visite ${elide('de', mail.companyName)} le ${formatSlotStart(mail.startsAt, mail.timeZone)}.`
        : `L’équipe de la plateforme ne peut pas donner suite à votre demande d’aide au transport pour la visite ${elide('de', mail.companyName)} le ${formatSlotStart(mail.startsAt, mail.timeZone)}.`,
      `Son message : ${mail.answer}`,
    ],
    action: { label: 'Voir le rendez-vous', url: mail.url },
  }),
  transportCancelled: (mail: TransportCancelledMail) => {
    const accepted = mail.wasAccepted ?? true;
    return {
      subject: `${accepted ? 'Transport à annuler' : 'Demande de transport close'} : ${mail.companyName}, ${formatSlotStart(mail.startsAt, mail.timeZone)}`,
      heading: accepted
        ? 'Un rendez-vous avec transport accepté est annulé'
        : 'Une demande d’aide au transport est close',
      firstName: mail.firstName,
      before: [
        `La visite ${elide('de', mail.companyName)} du ${formatSlotStart(mail.startsAt, mail.timeZone)} par le groupe ${elide('de', mail.teacherName)} (${plural(mail.groupSize, 'personne')}) est annulée.`,
        accepted
          ? 'Vous aviez accepté sa demande d’aide au transport : pensez à annuler le transport prévu.'
          : 'Sa demande d’aide au transport, qui attendait votre réponse, est close : vous n’avez plus à y répondre.',
      ],
      action: { label: 'Voir les demandes de transport', url: mail.url },
    };
  },
});

/** Each operator of the company's region is told of a new request, in the request's transaction. */
export async function tellOperatorsOfRequest(
  tx: DbOrTx,
  meeting: MeetingFact,
  request: { groupSize: number; departureLabel: string; comment: string | null },
  deps: MeetingMailDeps,
): Promise<void> {
  for (const operator of await operatorsOfRegion(tx, regionOfDepartment(meeting.companyDepartmentCode))) {
    await enqueueMail(
      tx,
      transportMails.transportRequested,
      {
        to: operator.email,
        data: {
          firstName: operator.firstName,
          companyName: meeting.companyName,
          startsAt: meeting.startsAt.toISOString(),
          timeZone: meeting.timeZone,
          url: `${deps.publicUrl}${ROUTES.adminTransport}`,
          teacherName: `${meeting.teacherFirstName} ${meeting.teacherLastName}`,
          establishmentName: meeting.establishmentName ?? 'Établissement non précisé',
          groupSize: request.groupSize,
          departure: request.departureLabel,
          comment: request.comment,
        },
      },
      deps.now,
    );
  }
}

/** The teacher is told the operators' answer, with their message, in the answer's transaction. */
export async function tellTeacherOfAnswer(
  tx: DbOrTx,
  meeting: MeetingFact,
  answer: TransportAnswerInput,
  deps: MeetingMailDeps,
): Promise<void> {
  await enqueueMail(
    tx,
    transportMails.transportAnswered,
    {
      to: meeting.teacherEmail,
      data: {
        firstName: meeting.teacherFirstName,
        companyName: meeting.companyName,
        startsAt: meeting.startsAt.toISOString(),
        timeZone: meeting.timeZone,
        url: `${deps.publicUrl}${ROUTES.meetingDetailsTeacher}?id=${meeting.id}`,
        accepted: answer.status === 'accepted',
        answer: answer.answer,
      },
    },
    deps.now,
  );
}

/** Each operator of the company's region is told that an open request's meeting is cancelled. */
export async function tellOperatorsOfCancellation(
  tx: DbOrTx,
  request: { groupSize: number; answeredAt: Date | null; meeting: MeetingFact },
  deps: MeetingMailDeps,
): Promise<void> {
  const region = regionOfDepartment(request.meeting.companyDepartmentCode);
  for (const operator of await operatorsOfRegion(tx, region)) {
    await enqueueMail(
      tx,
      transportMails.transportCancelled,
      {
        to: operator.email,
        data: {
          firstName: operator.firstName,
          companyName: request.meeting.companyName,
          startsAt: request.meeting.startsAt.toISOString(),
          timeZone: request.meeting.timeZone,
          url: `${deps.publicUrl}${ROUTES.adminTransport}`,
          teacherName: `${request.meeting.teacherFirstName} ${request.meeting.teacherLastName}`,
          groupSize: request.groupSize,
          wasAccepted: request.answeredAt !== null,
        },
      },
      deps.now,
    );
  }
}
