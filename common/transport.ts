import { z } from 'zod';
import { addressField } from './accounts.ts';
import type { TransportRequestStatus } from './constants.ts';
import { agreeing, plural } from './format.ts';
import { SLOT_CAPACITY_MAX, wholeNumber } from './slots.ts';
import { multiLineText, requiredMultiLineText, TEXT_MAX } from './text.ts';

/**
 * Transport help (PRODUCT.md, After the meeting): a teacher asks for a confirmed company visit that has
 * not started; the operators accept or refuse it with a message.
 */
export const TRANSPORT_STATUS_LABELS: Record<TransportRequestStatus, string> = {
  pending: 'En attente de réponse',
  accepted: 'Acceptée',
  refused: 'Refusée',
  cancelled: 'Annulée avec le rendez-vous',
};

/** A request as the pages show it (the server's view, the islands' props): plain values, dates as ISO strings. */
export interface TransportRequestView {
  id: number;
  status: TransportRequestStatus;
  groupSize: number;
  departure: string;
  comment: string | null;
  answer: string | null;
  createdAt: string;
  answeredAt: string | null;
}

/** A request in the operators' list: the request, and the meeting it is for. */
export interface TransportRequestForOperators extends TransportRequestView {
  meeting: {
    id: number;
    companyName: string;
    teacherName: string;
    teacherEmail: string;
    teacherPhone: string | null;
    establishmentName: string | null;
    startsAt: string;
    endsAt: string;
    timeZone: string;
    participantsCount: number;
    place: string | null;
  };
}

export const TRANSPORT_MESSAGES = {
  groupSizeAboveBooking: (participants: number) =>
    `Le groupe compte au plus ${plural(participants, 'personne')} : ${agreeing(participants, 'celle', 'celles')} de la réservation`,
  chooseAnswer: 'Choisissez : accepter ou refuser la demande',
  notSent: 'La demande n’a pas été envoyée. Vos saisies sont conservées : réessayez dans un instant.',
} as const;

/** What the teacher sends; the group's size is checked against the meeting's participants by the server. */
export const transportRequestSchema = z.object({
  groupSize: wholeNumber(1, SLOT_CAPACITY_MAX),
  departureAddress: addressField,
  comment: multiLineText(TEXT_MAX.transportComment),
});
export type TransportRequestFormInput = z.infer<typeof transportRequestSchema>;

/** The operators' answer: accepted or refused, always with a message for the teacher. */
export const transportAnswerSchema = z.object({
  status: z.enum(['accepted', 'refused'], { error: TRANSPORT_MESSAGES.chooseAnswer }),
  answer: requiredMultiLineText(TEXT_MAX.transportAnswer),
});
export type TransportAnswerInput = z.infer<typeof transportAnswerSchema>;
