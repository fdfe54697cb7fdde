import { useData } from 'vike-react/useData';
import { FormAlert } from '../../islands/accounts/FormAlert.tsx';
import { TextField } from '../../islands/ui/TextField.tsx';
import { LightForm, LightSubmit } from '../layout/LightForm.tsx';
import type { Data } from './+data.ts';

/** The reset link's request, a light form; once recorded, never whether the account exists. */
export default function Page() {
  const { sent, posted } = useData<Data>();
  return (
    <div className="page flex max-w-lg flex-col gap-6">
      <h1>Mot de passe oublié</h1>
      <p>
        Indiquez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de
        passe.
      </p>
      {sent ? (
        <div role="status" className="flex flex-col gap-3 rounded-lg bg-white p-6">
          <p className="font-semibold">Demande enregistrée.</p>
          <p>
            Si un compte existe pour cette adresse, un e-mail vient d’y être envoyé avec un lien pour choisir
            un nouveau mot de passe. Le lien est valable une heure.
          </p>
        </div>
      ) : (
        <LightForm rules="passwordResetRequest" className="flex flex-col gap-5">
          <FormAlert message={posted?.alert ?? null} />
          <TextField
            label="Adresse e-mail"
            type="email"
            name="email"
            autoComplete="email"
            required
            defaultValue={posted?.email ?? ''}
            error={posted?.error}
          />
          <LightSubmit size="xl">Recevoir le lien</LightSubmit>
        </LightForm>
      )}
    </div>
  );
}
