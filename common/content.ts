import { z } from 'zod';
import { MESSAGES } from './messages.ts';
import { dateField } from './slots.ts';
import { multiLineText, optionalSingleLineText, singleLineText, TEXT_MAX } from './text.ts';

/**
 * A company's news item (PRODUCT.md, Accounts: the company profile's news block): a title, an optional
 * summary, a text, and the day it is published (from 00:00 in mainland France; a later day schedules it).
 */
export const NEWS_MESSAGES = {
  publishedOnRange: 'Choisissez une date de publication dans l’année qui vient, ou passée',
} as const;

/** How far ahead a news item may be scheduled. */
export const NEWS_SCHEDULE_MAX_DAYS = 365;

export const newsInputSchema = z.object({
  title: singleLineText(TEXT_MAX.newsTitle),
  summary: optionalSingleLineText(TEXT_MAX.newsSummary),
  body: multiLineText(TEXT_MAX.newsBody).refine((value) => value !== undefined, { error: MESSAGES.required }),
  publishedOn: dateField,
});
export type NewsInput = z.infer<typeof newsInputSchema>;
