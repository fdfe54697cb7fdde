import { z } from 'zod';
import { fieldErrors } from '../../common/accounts.ts';
import { invalidInput } from './errors.ts';

/**
 * Parses a use case's input with its zod schema (zod's or zod/mini's: common/credentials.ts); failures become
 * BAD_USER_INPUT with a message per field.
 */
export function parseInput<S extends z.core.$ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = z.safeParse(schema, input);
  if (result.success) return result.data;
  throw invalidInput(fieldErrors(result.error));
}

/** The `id: ID!` argument of an operation: a positive whole number. */
export const idInput = z.object({ id: z.coerce.number().int().positive() });
