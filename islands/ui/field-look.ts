/**
 * How a field shows its error, without React: Field.tsx renders it on the server and in the islands, and
 * islands/light-form.ts switches it in the browser on a form that has no island.
 */
export const CONTROL_BORDER = { valid: 'border-grey-text', invalid: 'border-2 border-error-text' } as const;

/** The message under a field, whose id is its control's followed by `-error`. */
export const FIELD_ERROR_CLASS = 'text-sm font-medium text-error-text';
