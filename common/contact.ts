import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { isMultiLineText, multiLineText, requiredMultiLineText, TEXT_MAX, TEXT_MESSAGES } from './text.ts';

/**
 * The contact form (issue 12, `/contact-us`): a logged-in user writes to the operators of their region,
 * who handle the message in the back-office (`/admin/contact`, issue 13). docs/decisions/0042.
 */

/** API.md's `enum ContactSubject`, in the order the form offers them. */
export const CONTACT_SUBJECTS = ['account', 'booking', 'company', 'technical', 'other'] as const;
type ContactSubject = (typeof CONTACT_SUBJECTS)[number];

export const CONTACT_SUBJECT_LABELS: Record<ContactSubject, string> = {
  account: 'Mon compte',
  booking: 'Une réservation',
  company: 'Une entreprise',
  technical: 'Un problème technique',
  other: 'Autre',
};

/** Where a message stands in the back-office: new, taken in hand, handled. */
export const CONTACT_STATUSES = ['new', 'in_progress', 'handled'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTACT_STATUS_LABELS: Record<ContactStatus, string> = {
  new: 'Nouveau',
  in_progress: 'En cours',
  handled: 'Traité',
};

/** A stored subject of this list, or « Autre » for anything else (a row older than the list). */
export const contactSubjectOf = (value: string): ContactSubject =>
  (CONTACT_SUBJECTS as readonly string[]).includes(value) ? (value as ContactSubject) : 'other';

/** A stored subject's label (« Autre » for one older than the list). */
export const contactSubjectLabel = (subject: string): string =>
  CONTACT_SUBJECT_LABELS[contactSubjectOf(subject)];

export const CONTACT_MESSAGE_MIN = 10;
/** The database's cap on contact_messages.body (migration 0008), shared with the company contact button. */
export const CONTACT_MESSAGE_MAX = TEXT_MAX.contactMessage;
export const CONTACT_ANSWER_MAX = TEXT_MAX.contactAnswer;

export const CONTACT_MESSAGES = {
  chooseSubject: 'Choisissez le sujet de votre message',
  tooShort: `Décrivez votre demande en quelques mots (${CONTACT_MESSAGE_MIN} caractères au moins)`,
  sent: 'Votre message est envoyé. L’équipe de la plateforme de votre région vous répondra par e-mail ; un accusé de réception vient de vous être envoyé.',
  nothingToChange: 'Choisissez un statut ou écrivez une réponse',
} as const;

/** What the form sends (API.md's ContactMessageInput): a subject of the list and 10 to 2,000 characters. */
export const contactMessageSchema = z.object({
  subject: z.enum(CONTACT_SUBJECTS, { error: CONTACT_MESSAGES.chooseSubject }),
  message: z
    .string({ error: MESSAGES.required })
    .transform((text) => text.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(1, { error: MESSAGES.required })
        .min(CONTACT_MESSAGE_MIN, { error: CONTACT_MESSAGES.tooShort })
        .max(CONTACT_MESSAGE_MAX, { error: TEXT_MESSAGES.tooLong(CONTACT_MESSAGE_MAX) })
        .refine(isMultiLineText, { error: TEXT_MESSAGES.controlCharacters }),
    ),
});
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/**
 * What an operator does to a message: a status, an answer e-mailed to the sender, or both. An answer alone
 * marks it handled.
 */
export const contactUpdateSchema = z
  .object({
    status: z.enum(CONTACT_STATUSES, { error: 'Choisissez un statut de la liste' }).nullish(),
    answer: multiLineText(CONTACT_ANSWER_MAX),
  })
  .refine((input) => Boolean(input.status || input.answer), {
    error: CONTACT_MESSAGES.nothingToChange,
    path: ['answer'],
  });
export type ContactUpdateInput = z.infer<typeof contactUpdateSchema>;

/** The back-office's answer form (with or without JavaScript): an answer is written before it is sent. */
export const contactAnswerSchema = z.object({ answer: requiredMultiLineText(CONTACT_ANSWER_MAX) });
