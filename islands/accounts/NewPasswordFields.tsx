import { MESSAGES } from '../../common/messages.ts';
import { TextField } from '../ui/TextField.tsx';

interface PasswordValues {
  password: string;
  passwordConfirmation?: string;
}

/** Said when a step posted without JavaScript kept the password given (docs/decisions/0087). */
export const PASSWORD_KEPT_HINT = 'Mot de passe déjà choisi\u00a0: laissez ce champ vide pour le garder.';

/**
 * A new account's password, with its rule as the hint, and its confirmation where the form asks for one:
 * the sign-ups and the request to join a company. `kept`: a password given before is kept (sealed by the
 * server, never shown), and the fields may stay empty.
 */
export function NewPasswordFields({
  values,
  errors,
  update,
  kept = false,
}: {
  values: PasswordValues;
  errors: Partial<Record<keyof PasswordValues, string>>;
  update: (patch: Partial<PasswordValues>) => void;
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
        value={values.password}
        onChange={(e) => update({ password: e.currentTarget.value })}
        error={errors.password}
      />
      {values.passwordConfirmation !== undefined && (
        <TextField
          label="Confirmation du mot de passe"
          type="password"
          name="passwordConfirmation"
          autoComplete="new-password"
          required={!kept}
          value={values.passwordConfirmation}
          onChange={(e) => update({ passwordConfirmation: e.currentTarget.value })}
          error={errors.passwordConfirmation}
        />
      )}
    </>
  );
}
