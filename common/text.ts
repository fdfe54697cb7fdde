import { z } from 'zod';
import fr from 'zod/v4/locales/fr.js';
import { MESSAGES } from './messages.ts';

// zod's own messages, for a rule that has none of ours, in French too (on both sides: every schema module
// imports this one). The forms' rules all say theirs; this is the floor, not the wording shown by design.
z.config(fr());

/**
 * The longest text each free-text field takes, in characters: the forms and the API refuse more with
 * « N caractères au maximum » under the field, and the database holds the same numbers (triggers of
 * migration 0008, from db/text-caps.ts). zod counts UTF-16 code units and SQLite's length() counts characters, so whatever the
 * schema accepts the database does too.
 */
export const TEXT_MAX = {
  /** A person's first or last name: users, recruiters, slot speakers. */
  personName: 100,
  /** First and last name in one field: a booking's accompanying adult. */
  fullName: 200,
  email: 254,
  /** Passwords are hashed, never stored: the cap only bounds the work of hashing one. */
  password: 128,
  companyName: 200,
  establishmentName: 200,
  /** The name of a company's contact person or service. */
  contactName: 200,
  addressLabel: 200,
  city: 100,
  speakerRole: 100,
  jobLabel: 200,
  website: 300,
  videoLink: 500,
  documentTitle: 120,
  searchText: 100,
  teacherDescription: 1000,
  companyDescription: 2000,
  slotDescription: 2000,
  bookingMessage: 2000,
  contactMessage: 2000,
  /** An operator's answer to a contact-form message, e-mailed to its sender. */
  contactAnswer: 2000,
  cancelReason: 1000,
  refusalReason: 1000,
  faqQuestion: 300,
  faqAnswer: 5000,
  articleTitle: 200,
  articleSummary: 500,
  articleBody: 50_000,
  /** Each free answer of the satisfaction questionnaire: what the teacher liked, their suggestions. */
  feedbackText: 2000,
  /** A teacher's comment on a transport-help request, and the operators' answer to it. */
  transportComment: 1000,
  transportAnswer: 1000,
  /** A teacher's group (« Mes classes »): its name (« 4e B ») and its level (« 4e », « CAP 1re année »). */
  groupName: 80,
  groupLevel: 60,
  newsTitle: 150,
  newsSummary: 300,
  newsBody: 5000,
} as const;

export const TEXT_MESSAGES = {
  tooLong: (max: number) => `${max} caractères au maximum`,
  singleLine:
    'Ce champ contient des caractères non autorisés : retour à la ligne, caractère invisible ou de direction du texte',
  controlCharacters:
    'Ce texte contient des caractères invisibles non autorisés (caractères de contrôle ou de direction du texte)',
} as const;

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
