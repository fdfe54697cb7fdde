import { useData } from 'vike-react/useData';
import { elide } from '../../common/format.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { Button } from '../../islands/ui/Button.tsx';
import { TextField } from '../../islands/ui/TextField.tsx';
import { FormMessage } from '../my-groups/parts.tsx';
import type { Data } from './+data.ts';

/** The invitation's page (issue 21): a plain HTML form, which works before any script. */
export default function Page() {
  const { token, invitation, refusal } = useData<Data>();
  if (!invitation) {
    return (
      <div className="page flex max-w-lg flex-col gap-6">
        <h1>Rejoindre une équipe</h1>
        <FormMessage message={refusal?.alert} />
        <p className="rounded-xl bg-white p-6">
          Ce lien d’invitation n’est plus valable : il a déjà servi, il a expiré (7 jours), il a été remplacé
          ou retiré. Demandez une nouvelle invitation à l’administrateur de votre entreprise.
        </p>
        <p>
          Vous avez déjà un compte ?{' '}
          <a className="link" href={ROUTES.loginCompany}>
            Se connecter
          </a>
        </p>
      </div>
    );
  }
  const values = refusal?.values ?? {};
  const errors = refusal?.errors ?? {};
  return (
    <div className="page flex max-w-lg flex-col gap-6">
      <h1>Rejoindre l’équipe {elide('de', invitation.companyName)}</h1>
      <p>
        Vous êtes invité à rejoindre l’équipe {elide('de', invitation.companyName)} avec l’adresse{' '}
        <span className="break-all font-semibold">{invitation.email}</span>. Indiquez votre nom et choisissez
        votre mot de passe : vous serez connecté aussitôt.
      </p>
      <form
        method="post"
        action={ROUTES.joinTeam}
        noValidate
        className="flex flex-col gap-4 rounded-xl bg-white p-6 sm:p-8"
      >
        <input type="hidden" name="token" value={token} />
        <FormMessage message={refusal?.alert} />
        <TextField
          label="Prénom"
          name="firstName"
          required
          autoComplete="given-name"
          defaultValue={values.firstName ?? ''}
          error={errors.firstName}
        />
        <TextField
          label="Nom"
          name="lastName"
          required
          autoComplete="family-name"
          defaultValue={values.lastName ?? ''}
          error={errors.lastName}
        />
        <TextField
          label="Téléphone"
          name="phone"
          type="tel"
          autoComplete="tel"
          hint="Facultatif"
          defaultValue={values.phone ?? ''}
          error={errors.phone}
        />
        <TextField
          label="Mot de passe"
          name="password"
          type="password"
          required
          autoComplete="new-password"
          hint={MESSAGES.passwordHint}
          error={errors.password}
        />
        <TextField
          label="Confirmation du mot de passe"
          name="passwordConfirmation"
          type="password"
          required
          autoComplete="new-password"
          error={errors.passwordConfirmation}
        />
        <div>
          <Button type="submit">Rejoindre l’équipe</Button>
        </div>
      </form>
    </div>
  );
}
