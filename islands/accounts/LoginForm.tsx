import { type FormEvent, useState } from 'react';
import { fieldErrors, loginSchema } from '../../common/accounts.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';
import { FormAlert, hasFieldErrors, retryMessage } from './FormAlert.tsx';

const MUTATIONS = {
  teacher:
    'mutation LoginTeacher($email: String!, $password: String!) { loginTeacher(email: $email, password: $password) { token } }',
  admin:
    'mutation LoginAdmin($email: String!, $password: String!) { loginAdmin(email: $email, password: $password) { token } }',
} as const;

/** E-mail and password; on success the server has set the session cookie and the browser goes home. */
export function LoginForm({ kind, next }: { kind: 'teacher' | 'admin'; next: string }) {
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = loginSchema.safeParse(values);
    setAlert(null);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      await gqlRequest(MUTATIONS[kind], parsed.data);
      window.location.assign(next);
    } catch (error) {
      setPending(false);
      if (error instanceof GraphQLRequestError && hasFieldErrors(error)) return setErrors(error.fields);
      setAlert(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
    }
  }

  const set = (field: keyof typeof values) => (event: { currentTarget: HTMLInputElement }) =>
    setValues({ ...values, [field]: event.currentTarget.value });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FormAlert message={alert} />
      <TextField
        label="Adresse email"
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
          Mot de passe oublié ?
        </a>
      </p>
    </form>
  );
}
