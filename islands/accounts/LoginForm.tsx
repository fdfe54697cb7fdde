import { type FormEvent, useState } from 'react';
import { fieldErrors, loginSchema } from '../../common/accounts.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { clearSession } from '../session-store.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';
import { FormAlert, hasFieldErrors, loginRetryMessage } from './FormAlert.tsx';

interface Credentials {
  email: string;
  password: string;
}

const MUTATIONS = {
  teacher:
    'mutation LoginTeacher($email: String!, $password: String!) { loginTeacher(email: $email, password: $password) { token } }',
  admin:
    'mutation LoginAdmin($email: String!, $password: String!) { loginAdmin(email: $email, password: $password) { token } }',
} as const;

/** E-mail and password; on success the server has set the session cookie and the browser goes home. */
export function LoginForm({
  kind,
  next,
  posted = null,
}: {
  kind: 'teacher' | 'admin';
  next: string;
  /** A plain post refused by the page (pages/layout/login-post.ts): the e-mail kept, the messages. */
  posted?: { values: { email: string }; errors: Record<string, string>; alert: string | null } | null;
}) {
  return (
    <CredentialsForm
      next={next}
      posted={posted}
      onSubmit={async (credentials) => {
        await gqlRequest(MUTATIONS[kind], { ...credentials });
        // A recruiter's tokens left in this browser must not travel with another user's calls.
        clearSession();
        window.location.assign(next);
      }}
    />
  );
}

/**
 * The login form every kind of user shares: checks the fields, shows the API's field errors under them and
 * any other error above the form. `onSubmit` logs in and leaves the page; `onFailure` may take an error
 * over (answer true, e.g. to show a screen of its own), the form then stays busy.
 */
export function CredentialsForm({
  onSubmit,
  onFailure,
  next,
  posted = null,
}: {
  onSubmit: (credentials: Credentials) => Promise<void>;
  onFailure?: (error: GraphQLRequestError) => boolean;
  /** Posted with the form, for the page that reads a plain post. */
  next?: string;
  posted?: { values: { email: string }; errors: Record<string, string>; alert: string | null } | null;
}) {
  const [values, setValues] = useState<Credentials>({ email: posted?.values.email ?? '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  const [alert, setAlert] = useState<string | null>(posted?.alert ?? null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginSchema.safeParse(values);
    setAlert(null);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (error instanceof GraphQLRequestError && onFailure?.(error)) return;
      setPending(false);
      if (error instanceof GraphQLRequestError && hasFieldErrors(error)) return setErrors(error.fields);
      setAlert(error instanceof GraphQLRequestError ? loginRetryMessage(error) : MESSAGES.genericError);
    }
  }

  const set = (field: keyof Credentials) => (event: { currentTarget: HTMLInputElement }) =>
    setValues({ ...values, [field]: event.currentTarget.value });

  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
      {next !== undefined && <input type="hidden" name="next" value={next} />}
      <FormAlert message={alert} />
      <TextField
        label="Adresse e-mail"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={values.email}
        onChange={set('email')}
        error={errors.email}
      />
      <TextField
        label="Mot de passe"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={set('password')}
        error={errors.password}
      />
      <Button type="submit" size="xl" loading={pending}>
        Se connecter
      </Button>
      <p>
        <a className="link" href={ROUTES.forgotPassword}>
          Mot de passe oublié ?
        </a>
      </p>
    </form>
  );
}
