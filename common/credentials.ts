import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from './constants.ts';
import { MESSAGES } from './messages.ts';
import { TEXT_MAX, TEXT_MESSAGES } from './text-limits.ts';

/*
 * The rules of an e-mail and a password, and of the forms made of them alone: the three logins, the reset
 * link's request, the new password. Written once, with zod/mini, for both sides: the server parses the API's
 * input and the plain posts with them, and the browser checks the same forms before they leave
 * (islands/light-form.ts) with a few KB of zod rather than the whole of it (docs/decisions/0092). zod's
 * other schemas take them as fields (the sign-ups, the team, the operators); common/accounts.ts re-exports
 * them.
 */

export const emailField = z.pipe(
  z
    .string({ error: MESSAGES.required })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.minLength(1, { error: MESSAGES.required }),
      z.maxLength(TEXT_MAX.email, { error: TEXT_MESSAGES.tooLong(TEXT_MAX.email) }),
    ),
  z.email({ error: MESSAGES.invalidEmail }),
);

/** A password as typed at login or to confirm an action: any characters, bounded. */
export const currentPasswordField = z
  .string({ error: MESSAGES.required })
  .check(
    z.minLength(1, { error: MESSAGES.required }),
    z.maxLength(TEXT_MAX.password, { error: TEXT_MESSAGES.tooLong(TEXT_MAX.password) }),
  );

export const passwordField = currentPasswordField.check(
  z.refine(
    (value) =>
      value.length >= PASSWORD_MIN_LENGTH &&
      /[A-Z]/.test(value) &&
      /\d/.test(value) &&
      /[^A-Za-z0-9]/.test(value),
    { error: MESSAGES.invalidPassword },
  ),
);

export const loginSchema = z.object({
  email: emailField,
  password: currentPasswordField,
});

export const passwordResetRequestSchema = z.object({ email: emailField });

export const passwordResetSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  password: passwordField,
});
