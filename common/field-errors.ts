import type { $ZodIssue } from 'zod/v4/core';

/**
 * The field errors of a failed parse, keyed by dotted path: what the forms show under each field. Without
 * zod itself, for the browser's light forms (islands/light-form.ts) as for every other form.
 */
export function fieldErrors(error: { issues: readonly $ZodIssue[] }): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}
