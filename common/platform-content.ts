import { z } from 'zod';
import { FAQ_AUDIENCES, type FaqAudience } from './constants.ts';
import { frenchDateFormat, MAINLAND_TIME_ZONE } from './format.ts';
import { MESSAGES } from './messages.ts';
import { multiLineText, requiredMultiLineText, singleLineText, TEXT_MAX } from './text.ts';

/**
 * What the national administrators write for everyone (issue 13, back-office content): the FAQ by audience
 * and the platform's articles. The same rules check the content screen's forms and the API's input.
 */

/** The highest position an FAQ entry takes; a list that long is not one anyone reads to the end. */
const FAQ_POSITION_MAX = 10_000;

const optionalId = z.coerce.number().int().positive().nullish();

export const FAQ_MESSAGES = {
  position: `Saisissez un nombre entier entre 0 et ${FAQ_POSITION_MAX.toLocaleString('fr-FR')}`,
} as const;

/** API.md, FaqEntryInput: no position puts the entry at the end of its audience's list. */
export const faqEntryInputSchema = z.object({
  id: optionalId,
  question: singleLineText(TEXT_MAX.faqQuestion),
  answer: requiredMultiLineText(TEXT_MAX.faqAnswer),
  audience: z.enum(FAQ_AUDIENCES, { error: MESSAGES.required }),
  position: z
    .number({ error: FAQ_MESSAGES.position })
    .int({ error: FAQ_MESSAGES.position })
    .min(0, { error: FAQ_MESSAGES.position })
    .max(FAQ_POSITION_MAX, { error: FAQ_MESSAGES.position })
    .nullish(),
});
export type FaqEntryInput = z.infer<typeof faqEntryInputSchema>;

/** The position as typed in the content screen's form: empty is none (the end of its audience's list). */
export function faqPositionOf(typed: string): number | null {
  const position = typed.trim();
  return position === '' ? null : Number(position);
}

/** A platform article: its body is Markdown, rendered safely (docs/decisions/0035-markdown.md). */
export const articleInputSchema = z.object({
  id: optionalId,
  title: singleLineText(TEXT_MAX.articleTitle),
  summary: multiLineText(TEXT_MAX.articleSummary).nullish(),
  body: requiredMultiLineText(TEXT_MAX.articleBody),
  published: z.boolean(),
});
export type ArticleInput = z.infer<typeof articleInputSchema>;

/** An FAQ entry as the content screen shows it: plain JSON, built on the server, kept by the island. */
export interface FaqEntryForAdmin {
  id: string;
  question: string;
  answer: string;
  audience: FaqAudience;
  position: number;
}

/** A platform article as the content screen lists and edits it. */
export interface ArticleForAdmin {
  id: string;
  title: string;
  summary: string | null;
  body: string;
  published: boolean;
  /** ISO-8601, and the same instant written out in French (Europe/Paris). */
  updatedAt: string;
  updatedOn: string;
}

const dayFormat = frenchDateFormat({ dateStyle: 'long', timeZone: MAINLAND_TIME_ZONE });

/** "12 mars 2026", in mainland France: when an article was published or saved. */
export function formatArticleDate(instant: Date | string): string {
  return dayFormat.format(typeof instant === 'string' ? new Date(instant) : instant);
}
