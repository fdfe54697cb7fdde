import { z } from 'zod';
import fr from 'zod/v4/locales/fr.js';
import { MESSAGES } from './messages.ts';
import { TEXT_MESSAGES } from './text-limits.ts';

export { TEXT_MAX, TEXT_MESSAGES } from './text-limits.ts';

// zod's own messages, for a rule that has none of ours, in French too (on both sides: every schema module
// imports this one, but common/credentials.ts, whose rules all say theirs, for the light forms' sake). The
// forms' rules all say theirs; this is the floor, not the wording shown by design.
z.config(fr());

/**
 * C0 controls (NUL, tab, CR, LF…), DEL, C1 controls, the line and paragraph separators, and the bidi
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can make a name read
 * backwards in an e-mail or a list.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const NOT_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
/** The same, but a line feed is text in a message or a description. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const NOT_MULTI_LINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const isSingleLine = (value: string) => !NOT_SINGLE_LINE.test(value);
export const isMultiLineText = (value: string) => !NOT_MULTI_LINE.test(value);

/** A name, a label, a city…: one line of plain text, trimmed, required. */
export const singleLineText = (max: number) =>
  z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required })
    .max(max, { error: TEXT_MESSAGES.tooLong(max) })
    .refine(isSingleLine, { error: TEXT_MESSAGES.singleLine });

/** The same, optional: empty, null or absent is none. */
const frenchCollator = new Intl.Collator('fr', { numeric: true });

/**
 * French alphabetical order (« Câbleur » before « Contrôleur », « Électricien » among the E): every list of
 * names the platform sorts in JavaScript sorts with it. SQL that pages a list sorts by `frenchOrder`
 * (db/text-search.ts).
 */
export function compareFrench(a: string, b: string): number {
  return frenchCollator.compare(a, b);
}

/** Folds accents and case, so that « equipement » finds « Équipement ». */
export function normalizeForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export const optionalSingleLineText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : (value ?? undefined)),
    z
      .string({ error: MESSAGES.required })
      .max(max, { error: TEXT_MESSAGES.tooLong(max) })
      .refine(isSingleLine, { error: TEXT_MESSAGES.singleLine })
      .optional(),
  );

const normaliseLines = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() || undefined : (value ?? undefined);

const multiLineString = (max: number) =>
  z
    .string({ error: MESSAGES.required })
    .max(max, { error: TEXT_MESSAGES.tooLong(max) })
    .refine(isMultiLineText, { error: TEXT_MESSAGES.controlCharacters });

/**
 * A message or a description: line feeds kept (CR LF and CR, as some clients send them, become LF), other
 * control characters refused; optional, empty, null or absent is none.
 */
export const multiLineText = (max: number) => z.preprocess(normaliseLines, multiLineString(max).optional());

/** The same, required: an answer, an article's body. */
export const requiredMultiLineText = (max: number) => z.preprocess(normaliseLines, multiLineString(max));
