import { type FormEvent, useState } from 'react';
import { fieldErrors, passwordResetSchema } from '../../common/accounts.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';
import { FormAlert, retryMessage } from './FormAlert.tsx';

const RESET =
  'mutation ResetPassword($token: String!, $password: String!) { resetPassword(token: $token, password: $password) }';

/**
 * The new password, with the token of the e-mailed link; a bad or spent token says so (`invalid_password_reset_token`). Posted
 * before the script runs, the page changes it (pages/reset-password/+data.ts): `done` once changed, `posted`
 * when refused.
 */
export function PasswordResetForm({
  token,
  loginHref,
  done: changed = false,
  posted = null,
}: {
  token: string;
  loginHref: string;
  done?: boolean;
  posted?: { error: string | undefined; alert: string | null } | null;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>(posted?.error);
  const [alert, setAlert] = useState<string | null>(
    posted ? posted.alert : token ? null : MESSAGES.invalidResetLink,
  );
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(changed);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordResetSchema.safeParse({ token, password });
    setAlert(null);
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error);
      setError(fields.password);
      return setAlert(fields.token ? MESSAGES.invalidResetLink : null);
    }
    setError(undefined);
    setPending(true);
    try {
      await gqlRequest(RESET, parsed.data);
      setDone(true);
    } catch (failure) {
      if (failure instanceof GraphQLRequestError && failure.fields.password)
        setError(failure.fields.password);
      else setAlert(failure instanceof GraphQLRequestError ? retryMessage(failure) : MESSAGES.genericError);
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <div role="status" className="flex flex-col gap-3 rounded-lg bg-white p-6">
        <p className="font-semibold">Votre mot de passe a été changé.</p>
        <p>
          Vos autres sessions ont été fermées. Vous pouvez vous connecter avec votre nouveau mot de passe.
        </p>
        <p>
          <a className="link" href={loginHref}>
            Se connecter
          </a>
        </p>
      </div>
    );
  }
  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
      <input type="hidden" name="token" value={token} />
      <FormAlert message={alert} />
      <TextField
        label="Nouveau mot de passe"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint={MESSAGES.passwordHint}
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        error={error}
      />
      <Button type="submit" size="xl" loading={pending}>
        Changer le mot de passe
      </Button>
      <p>
        <a className="link" href={ROUTES.forgotPassword}>
          Demander un nouveau lien
        </a>
      </p>
    </form>
  );
}
