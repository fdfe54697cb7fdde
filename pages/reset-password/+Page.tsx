import { useData } from 'vike-react/useData';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { FormAlert } from '../../islands/accounts/FormAlert.tsx';
import { TextField } from '../../islands/ui/TextField.tsx';
import { LightForm, LightSubmit } from '../layout/LightForm.tsx';
import type { Data } from './+data.ts';

/** The new password, with the token of the e-mailed link, a light form; once changed, the way to log in. */
export default function Page() {
  const { token, loginHref, done, error, alert } = useData<Data>();
  return (
    <div className="page flex max-w-lg flex-col gap-6">
      <h1>Nouveau mot de passe</h1>
      {done ? (
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
      ) : (
        <LightForm rules="passwordReset" className="flex flex-col gap-5">
          <input type="hidden" name="token" value={token} />
          <FormAlert message={alert} />
          <TextField
            label="Nouveau mot de passe"
            type="password"
            name="password"
            autoComplete="new-password"
            required
            hint={MESSAGES.passwordHint}
            error={error}
          />
          <LightSubmit size="xl">Changer le mot de passe</LightSubmit>
          <p>
            <a className="link" href={ROUTES.forgotPassword}>
              Demander un nouveau lien
            </a>
          </p>
        </LightForm>
      )}
    </div>
  );
}
