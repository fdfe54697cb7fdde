// The text limits and their messages, apart from common/text.ts's rules so that zod does not come with them:
// the light forms' rules read them in the browser (common/credentials.ts). common/text.ts re-exports them.

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
