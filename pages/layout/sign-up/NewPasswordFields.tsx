import { MESSAGES } from '../../../common/messages.ts';
import { TextField } from '../../../islands/ui/TextField.tsx';

interface PasswordValues {
  password: string;
  passwordConfirmation?: string;
}

/** Said when a step before was given the password, which the page keeps sealed (docs/decisions/0087). */
export const PASSWORD_KEPT_HINT = 'Mot de passe déjà choisi\u00a0: laissez ce champ vide pour le garder.';

/**
 * A new account's password, with its rule as the hint, and its confirmation where the form asks for one:
 * the sign-ups and the request to join a company. `kept`: a password given before is kept (sealed by the
 * server, never shown), and the fields may stay empty.
 */
export function NewPasswordFields({
  values,
  errors,
  kept = false,
}: {
  values: PasswordValues;
  errors: Partial<Record<keyof PasswordValues, string>>;
  kept?: boolean;
}) {
  return (
    <>
      <TextField
        label="Mot de passe"
        type="password"
        name="password"
        autoComplete="new-password"
        required={!kept}
        hint={kept ? `${PASSWORD_KEPT_HINT} ${MESSAGES.passwordHint}` : MESSAGES.passwordHint}
        defaultValue={values.password}
        error={errors.password}
      />
      {values.passwordConfirmation !== undefined && (
        <TextField
          label="Confirmation du mot de passe"
          type="password"
          name="passwordConfirmation"
          autoComplete="new-password"
          required={!kept}
          defaultValue={values.passwordConfirmation}
          error={errors.passwordConfirmation}
        />
      )}
    </>
  );
}
