/**
 * A back-office form posted without JavaScript, as its page answers it (pages/admin/admin-post.ts): the
 * confirmation step an action asks for, or its refusal, with the values as posted and the French messages
 * (under the fields, or one for the form). The islands show it where the form was.
 */
export interface PlainPost {
  /** Which form was posted (its `intent`). */
  intent: string;
  /** What it is about (a company's id, a department's code): the card or row to show it on. */
  target: string | null;
  values: Record<string, string>;
  errors: Record<string, string>;
  alert: string | null;
  /** The page's address without a fragment: the step's « Annuler ». */
  pageUrl: string;
}

/** The post of the form `intent` about `target` (any target when not given), if it was that one. */
export function plainPostFor(
  plain: PlainPost | null | undefined,
  intent: string,
  target?: string,
): PlainPost | null {
  return plain?.intent === intent && (target === undefined || plain.target === target) ? plain : null;
}
