import { MESSAGES } from '../../common/messages.ts';
import { TextField } from '../ui/TextField.tsx';

interface PasswordValues {
  password: string;
  passwordConfirmation?: string;
}

/**
 * A new account's password, with its rule as the hint, and its confirmation where the form asks for one:
 * the sign-ups and the request to join a company.
 */
export function NewPasswordFields({
  values,
  errors,
  update,
}: {
  values: PasswordValues;
  errors: Partial<Record<keyof PasswordValues, string>>;
  update: (patch: Partial<PasswordValues>) => void;
}) {
  return (
    <>
      <TextField
        label="Mot de passe"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint={MESSAGES.passwordHint}
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
          required
          value={values.passwordConfirmation}
          onChange={(e) => update({ passwordConfirmation: e.currentTarget.value })}
          error={errors.passwordConfirmation}
        />
      )}
    </>
  );
}
