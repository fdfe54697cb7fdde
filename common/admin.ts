import { multiLineText, TEXT_MAX } from './text.ts';

/** A company as the operators review it: plain JSON, built on the server, shown by the admin island. */
export interface CompanyForReview {
  id: string;
  name: string;
  siret: string;
  nafCode: string;
  sector: string;
  department: string;
  address: string;
  contactName: string | null;
  contactEmail: string | null;
  /** ISO-8601, and the same instant written out in French (Europe/Paris). */
  registeredAt: string;
  registeredOn: string;
  validatedOn: string | null;
}

export const REFUSAL_REASON_MAX = TEXT_MAX.refusalReason;

/** Why an operator refuses a company, e-mailed to its recruiters: optional, several lines allowed. */
export const refusalReasonField = multiLineText(REFUSAL_REASON_MAX);
