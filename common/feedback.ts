import { z } from 'zod';
import { multiLineText, TEXT_MAX } from './text.ts';

/**
 * The satisfaction questionnaire (PRODUCT.md, After the meeting): three criteria rated 1 to 4 on one
 * labelled scale, and two free answers. Shared by the form, the API, the company's results and the CSV.
 */
export const FEEDBACK_CRITERIA = ['organisation', 'matching', 'engagement'] as const;
export type FeedbackCriterion = (typeof FEEDBACK_CRITERIA)[number];

export const FEEDBACK_CRITERION_LABELS: Record<
  FeedbackCriterion,
  { question: string; hint: string; short: string }
> = {
  organisation: {
    question: 'L’organisation de la rencontre',
    hint: 'Accueil, respect des horaires, déroulé, consignes de sécurité.',
    short: 'Organisation',
  },
  matching: {
    question: 'L’adéquation avec votre groupe',
    hint: 'Le contenu correspondait-il au niveau et aux attentes de votre groupe ?',
    short: 'Adéquation',
  },
  engagement: {
    question: 'L’implication de l’entreprise',
    hint: 'Disponibilité des intervenants, échanges avec le groupe, envie de découvrir les métiers.',
    short: 'Implication',
  },
};

export const FEEDBACK_RATINGS = [1, 2, 3, 4] as const;
export type FeedbackRating = (typeof FEEDBACK_RATINGS)[number];

/** The scale's words: a rating is never shown as a bare number. */
export const FEEDBACK_RATING_LABELS: Record<FeedbackRating, string> = {
  1: 'Pas satisfait',
  2: 'Peu satisfait',
  3: 'Satisfait',
  4: 'Très satisfait',
};

export const FEEDBACK_MESSAGES = {
  chooseRating: 'Choisissez une réponse, de « Pas satisfait » à « Très satisfait »',
  notSent: 'Votre avis n’a pas été envoyé. Vos réponses sont conservées : réessayez dans un instant.',
} as const;

/** Days after the invitation before the one reminder, if the questionnaire is still unanswered. */
export const FEEDBACK_REMINDER_AFTER_DAYS = 3;
/** Days after the end during which the company may say the group did not come. */
export const ABSENCE_WINDOW_DAYS = 7;

const rating = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
  z
    .number({ error: FEEDBACK_MESSAGES.chooseRating })
    .int({ error: FEEDBACK_MESSAGES.chooseRating })
    .min(1, { error: FEEDBACK_MESSAGES.chooseRating })
    .max(4, { error: FEEDBACK_MESSAGES.chooseRating }),
);

/** The questionnaire as the teacher fills it in; the meeting is named beside it. */
export const feedbackInputSchema = z.object({
  organisation: rating,
  matching: rating,
  engagement: rating,
  liked: multiLineText(TEXT_MAX.feedbackText),
  suggestions: multiLineText(TEXT_MAX.feedbackText),
});
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

/** "3,5 / 4": an average as the results show it, in French. */
export function formatAverage(value: number): string {
  return `${value.toLocaleString('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 })} / 4`;
}
