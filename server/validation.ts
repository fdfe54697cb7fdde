import type { z } from 'zod';
import { invalidInput } from './errors.ts';

/** Parses a use case's input with its zod schema; failures become BAD_USER_INPUT with a message per field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.join('.') || '_';
    fields[path] ??= issue.message;
  }
  throw invalidInput(fields);
}
