import { ROUTES } from '../../common/routes.ts';
import { FormAlert } from '../../islands/accounts/FormAlert.tsx';
import { TextField } from '../../islands/ui/TextField.tsx';
import { LightForm, LightSubmit } from './LightForm.tsx';

/** What a refused login post shows again: the e-mail (never the password), the messages. */
export interface LoginRefusal {
  values: { email: string };
  errors: Record<string, string>;
  alert: string | null;
}

/**
 * The login form of the teachers, the companies and the operators: posted to its page (login-post.ts,
 * company-login-post.ts), checked before it leaves by the rules of `loginSchema` (a light form, no React).
 * `next` is posted with it where the page reads it from the form.
 */
export function LoginForm({ next, posted }: { next?: string; posted: LoginRefusal | null }) {
  return (
    <LightForm rules="login" className="flex flex-col gap-5">
      {next !== undefined && <input type="hidden" name="next" value={next} />}
      <FormAlert message={posted?.alert ?? null} />
      <TextField
        label="Adresse e-mail"
        type="email"
        name="email"
        autoComplete="username"
        required
        defaultValue={posted?.values.email ?? ''}
        error={posted?.errors.email}
      />
      <TextField
        label="Mot de passe"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        error={posted?.errors.password}
      />
      <LightSubmit size="xl">Se connecter</LightSubmit>
      <p>
        <a className="link" href={ROUTES.forgotPassword}>
          Mot de passe oublié ?
        </a>
      </p>
    </LightForm>
  );
}
